// `npm run serve [-- --seed-demo]`: prepare the database and serve the built
// app. With DATABASE_URL unset, an embedded PostgreSQL server under
// EVALFORM_DATA_DIR is started first and stopped after the app, so the app
// runs with no database installed. With BETTER_AUTH_SECRET unset, a random
// secret is generated once and kept under EVALFORM_DATA_DIR (never a default).
// With no enabled admin, the first one is created.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { EMBEDDED_DATABASE, startEmbeddedPostgres, type EmbeddedPostgres } from "@/lib/embedded-db/embedded-postgres";
import { getEnv, provideSetting, requireAuthSecret } from "@/lib/env";
import { applyMigrations } from "@/lib/migrations/apply-migrations";

// Next.js drains on SIGTERM/SIGINT (stops accepting, finishes the requests in
// flight) and then exits with 128 + the signal's number. A stop we asked for
// and that completed is a clean stop: exit 0, so orchestrators and service
// managers do not report a failure. Anything else keeps its code.
const STOPPED_BY = { SIGTERM: 143, SIGINT: 130 } as const;
let embedded: EmbeddedPostgres | null = null;
let next: ChildProcess | null = null;
let stopRequested: keyof typeof STOPPED_BY | null = null;
let failureCode: number | null = null;

async function exitAfterDatabase(code: number): Promise<never> {
  // The embedded server stops after the app has drained: requests in flight finish against it.
  await embedded?.stop();
  process.exit(code);
}

function stop(signal: keyof typeof STOPPED_BY, failure?: number): void {
  stopRequested ??= signal;
  failureCode ??= failure ?? null;
  if (next) next.kill(signal);
  else void exitAfterDatabase(failureCode ?? 0);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(signal));
// A crash of this process (not a signal handled above) must not leave the server running.
process.on("exit", () => embedded?.stopNow());

const env = getEnv();
let databaseUrl = env.DATABASE_URL;
if (!databaseUrl) {
  const earlier = path.join(env.EVALFORM_DATA_DIR, "pglite");
  if (existsSync(earlier)) {
    console.warn(
      `${earlier} holds the data of an earlier evalform (PGlite), which this version does not read: export its records with that version (npx evalform export) and import them here (npx evalform import records)`,
    );
  }
  embedded = await startEmbeddedPostgres({
    dataDir: env.EVALFORM_DATA_DIR,
    log: (message) => console.log(message),
    onFatal: (error) => {
      console.error(error.message);
      stop("SIGTERM", 1);
    },
  });
  databaseUrl = await embedded.ensureDatabase(EMBEDDED_DATABASE);
  console.log(
    `DATABASE_URL is unset: using the embedded PostgreSQL in ${path.resolve(env.EVALFORM_DATA_DIR, "postgres")} (port ${embedded.port})`,
  );
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

const { ensureFirstAdmin } = await import("@/lib/users/first-admin");
const { db } = await import("@/lib/db");
const admin = await ensureFirstAdmin({
  email: env.EVALFORM_ADMIN_EMAIL ?? "admin@evalform.local",
  password: env.EVALFORM_ADMIN_PASSWORD,
});
if (admin.created) {
  console.log(
    `${admin.repaired ? "no admin was enabled: re-enabled the admin" : "created the first admin"}: ${admin.email}${admin.generated ? `  one-time password: ${admin.password}  (to change it, sign in, open Users and issue yourself a password reset link; or set EVALFORM_ADMIN_PASSWORD)` : ""}`,
  );
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

if (stopRequested) await exitAfterDatabase(failureCode ?? 0);
next = spawn(
  path.join("node_modules", ".bin", "next"),
  ["start", "--port", String(env.PORT), "--hostname", env.EVALFORM_HOST],
  { stdio: "inherit", env: process.env },
);
const shownHost = ["127.0.0.1", "localhost", "::1", "0.0.0.0", "::"].includes(env.EVALFORM_HOST)
  ? "localhost"
  : env.EVALFORM_HOST;
console.log(`evalform: http://${shownHost}:${env.PORT}`);
next.on("exit", (code, signal) => {
  const cleanStop = stopRequested !== null && (code === STOPPED_BY[stopRequested] || code === 0);
  void exitAfterDatabase(failureCode ?? (cleanStop ? 0 : (code ?? (signal ? 1 : 0))));
});
