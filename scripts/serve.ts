// `npm run serve [-- --seed-demo]`: prepare the database and serve the built
// app. With DATABASE_URL unset, an embedded PostgreSQL under EVALFORM_DATA_DIR
// is started first, so the app runs with no database installed. With
// BETTER_AUTH_SECRET unset, a random secret is generated once and kept under
// EVALFORM_DATA_DIR (never a default). With no admin, the first one is created.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/lib/embedded-db/embedded-postgres";
import { getEnv, provideSetting, requireAuthSecret } from "@/lib/env";
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

if (!env.BETTER_AUTH_SECRET) {
  const secretFile = path.join(env.EVALFORM_DATA_DIR, "auth-secret");
  if (!existsSync(secretFile)) {
    await mkdir(env.EVALFORM_DATA_DIR, { recursive: true });
    await writeFile(secretFile, randomBytes(32).toString("base64"), { mode: 0o600 });
    console.log(`BETTER_AUTH_SECRET is unset: generated a random one in ${secretFile}`);
  }
  provideSetting("BETTER_AUTH_SECRET", (await readFile(secretFile, "utf8")).trim());
}
requireAuthSecret();

const migrations = await applyMigrations({ databaseUrl });
console.log(`migrations: ${migrations.applied.length} applied, ${migrations.alreadyApplied.length} already applied`);

const { ensureFirstAdmin } = await import("@/lib/users/service");
const { db } = await import("@/lib/db");
const admin = await ensureFirstAdmin({ email: env.EVALFORM_ADMIN_EMAIL ?? "admin@evalform.local", password: env.EVALFORM_ADMIN_PASSWORD });
if (admin.created) {
  console.log(`created the first admin: ${admin.email}${admin.generated ? `  one-time password: ${admin.password}  (change it by inviting yourself a new account, or set EVALFORM_ADMIN_PASSWORD)` : ""}`);
}
if (process.argv.includes("--seed-demo")) {
  const { seedDemoData, printLogins } = await import("./seed-demo");
  const logins = await seedDemoData();
  if (logins.length > 0) {
    console.log("demo users (each with a few records):");
    printLogins(logins);
  }
}
await db().$disconnect();

const next = spawn(path.join("node_modules", ".bin", "next"), ["start", "--port", String(env.PORT)], {
  stdio: "inherit",
  env: {
    ...process.env,
    // The embedded database is one session underneath: keep the pool small.
    ...(embedded ? { DATABASE_POOL_MAX: String(Math.min(env.DATABASE_POOL_MAX, 4)) } : {}),
  },
});
console.log(`evalform: http://localhost:${env.PORT}`);

// Next.js drains on SIGTERM/SIGINT (stops accepting, finishes the requests in
// flight) and then exits with 128 + the signal's number. A stop we asked for
// and that completed is a clean stop: exit 0, so orchestrators and service
// managers do not report a failure. Anything else keeps its code.
const STOPPED_BY = { SIGTERM: 143, SIGINT: 130 } as const;
let stopRequested: keyof typeof STOPPED_BY | null = null;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopRequested ??= signal;
    next.kill(signal);
  });
}
next.on("exit", async (code, signal) => {
  await embedded?.stop();
  const cleanStop = stopRequested !== null && (code === STOPPED_BY[stopRequested] || code === 0);
  process.exit(cleanStop ? 0 : (code ?? (signal ? 1 : 0)));
});
