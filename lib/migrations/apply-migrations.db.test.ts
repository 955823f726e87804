// The migration runner on an empty database: runners started at once (two
// replicas booting) apply each migration exactly once, and a runner waits
// while another migrator (Prisma's CLI too) holds the migration lock.
import { readdir } from "node:fs/promises";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/test-database";
import { applyMigrations, MIGRATIONS_DIR } from "./apply-migrations";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("migrate", { migrate: false });
});
afterAll(() => database.drop());

it("applies every migration once when three runners start together, then finds nothing to do", async () => {
  const shipped = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const results = await Promise.all([1, 2, 3].map(() => applyMigrations({ databaseUrl: database.url })));
  expect(results.flatMap((result) => result.applied).sort()).toEqual(shipped);
  for (const result of results) expect([...result.applied, ...result.alreadyApplied].sort()).toEqual(shipped);

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ migration_name: string; count: number }>(
      `SELECT migration_name, count(*)::int AS count FROM "_prisma_migrations" GROUP BY migration_name`,
    );
    expect(rows.every((row) => row.count === 1)).toBe(true);
    expect(rows).toHaveLength(shipped.length);
  } finally {
    await client.end();
  }
  const again = await applyMigrations({ databaseUrl: database.url });
  expect(again).toEqual({ applied: [], alreadyApplied: shipped, changedSinceApplied: [], hashesBackfilled: 0 });
});

it("waits while another migrator holds Prisma's migration lock", async () => {
  const holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  try {
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock(72707369)");
    const waiting = applyMigrations({ databaseUrl: database.url });
    const early = await Promise.race([
      waiting.then(() => "finished"),
      new Promise((resolve) => setTimeout(() => resolve("waiting"), 300)),
    ]);
    expect(early).toBe("waiting");
    await holder.query("COMMIT");
    await waiting;
    // Every lock was transaction-scoped: none is left once the runner is done.
    const { rows } = await holder.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(rows[0]!.count).toBe(0);
  } finally {
    await holder.end();
  }
});
