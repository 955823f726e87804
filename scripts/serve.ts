// `npm run serve [-- --seed-demo]`: prepare the database and serve the built
// app. With DATABASE_URL unset, an embedded PostgreSQL under EVALFORM_DATA_DIR
// is started first, so the app runs with no database installed.
import { spawn } from "node:child_process";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/lib/embedded-db/embedded-postgres";
import { getEnv, provideSetting } from "@/lib/env";
import { applyMigrations } from "@/lib/migrations/apply-migrations";

const env = getEnv();
let embedded: EmbeddedPostgres | null = null;
let databaseUrl = env.DATABASE_URL;
if (!databaseUrl) {
  const dataDir = path.join(env.EVALFORM_DATA_DIR, "pglite");
  embedded = await startEmbeddedPostgres({ dataDir });
  databaseUrl = embedded.url;
  console.log(`DATABASE_URL is unset: using the embedded PostgreSQL in ${dataDir}`);
}
provideSetting("DATABASE_URL", databaseUrl);

const migrations = await applyMigrations({ databaseUrl });
console.log(`migrations: ${migrations.applied.length} applied, ${migrations.alreadyApplied.length} already applied`);

if (process.argv.includes("--seed-demo")) {
  const { seedDemoRecords } = await import("./seed-demo");
  const { db } = await import("@/lib/db");
  const created = await seedDemoRecords();
  console.log(created > 0 ? `seeded ${created} demo records` : "records exist; demo data not loaded");
  await db().$disconnect();
}

const next = spawn(path.join("node_modules", ".bin", "next"), ["start", "--port", String(env.PORT)], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    // The embedded database is one session underneath: keep the pool small.
    ...(embedded ? { DATABASE_POOL_MAX: String(Math.min(env.DATABASE_POOL_MAX, 4)) } : {}),
  },
});
console.log(`evalform: http://localhost:${env.PORT}`);

async function shutdown(signal: NodeJS.Signals) {
  next.kill(signal);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
next.on("exit", async (code) => {
  await embedded?.stop();
  process.exit(code ?? 0);
});
