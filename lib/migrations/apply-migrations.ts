// Applies prisma/migrations/*/migration.sql in order without Prisma's schema
// engine (which cannot run offline). Each migration runs in its own transaction
// under Prisma's advisory lock (held for that transaction only) and is recorded in Prisma's `_prisma_migrations`
// table with Prisma's checksum, so `prisma migrate status` agrees where it runs.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { backfillRecordHashes } from "./backfill-record-hashes";

const PRISMA_ADVISORY_LOCK = 72707369;

export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

export type MigrationResult = {
  applied: string[];
  alreadyApplied: string[];
  changedSinceApplied: string[];
  hashesBackfilled?: number;
};

type Migration = { name: string; sql: string; checksum: string };

async function readMigrations(dir: string): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export async function applyMigrations(options: { databaseUrl: string; dir?: string }): Promise<MigrationResult> {
  const migrations = await readMigrations(options.dir ?? MIGRATIONS_DIR);
  const client = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  const result: MigrationResult = { applied: [], alreadyApplied: [], changedSinceApplied: [] };
  try {
    await inLockedTransaction(client, () => client.query(CREATE_MIGRATIONS_TABLE));
    for (const migration of migrations) {
      const outcome = await inLockedTransaction(client, async () => {
        // Read under the lock: another runner may have applied it a moment ago.
        const { rows } = await client.query<{ checksum: string }>(
          `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
          [migration.name],
        );
        if (rows[0]) return rows[0].checksum === migration.checksum ? "already" : "changed";
        try {
          await client.query(migration.sql);
        } catch (error) {
          throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
        }
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        return "applied";
      });
      if (outcome === "applied") result.applied.push(migration.name);
      else result.alreadyApplied.push(migration.name);
      if (outcome === "changed") result.changedSinceApplied.push(migration.name);
    }
    result.hashesBackfilled = await backfillRecordHashes(client);
  } finally {
    await client.end();
  }
  return result;
}

/**
 * One transaction holding Prisma's migration lock until it ends
 * (pg_advisory_xact_lock, which excludes Prisma's own session-level lock on
 * the same key). No lock outlives a transaction, so the runner keeps no
 * session state and works through a transaction-mode pooler (PgBouncer).
 */
async function inLockedTransaction<T>(client: pg.Client, run: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [PRISMA_ADVISORY_LOCK]);
    const value = await run();
    await client.query("COMMIT");
    return value;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}
