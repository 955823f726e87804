// The migration that gives pairwise suites a rater list keeps who may compare
// the suites that exist: every rater and SME, as before it (they are marked
// open to all raters), while a suite made afterwards is open to its list only.
// Applied to a database migrated up to just before it, holding such a suite.
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { applyMigrations, MIGRATIONS_DIR } from "@/lib/migrations/apply-migrations";
import { createTestDatabase } from "@/lib/testing/test-database";

const MIGRATION = "20261201200000_pairwise_suite_management";
const database = await createTestDatabase("pairwise_raters", { migrate: false });
const sql = new pg.Pool({ connectionString: database.url, max: 1 });

afterAll(async () => {
  await sql.end();
  await database.drop();
});

async function migrationsBefore(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalform-migrations-"));
  for (const entry of (await readdir(MIGRATIONS_DIR)).filter((entry) => entry < name)) {
    await cp(path.join(MIGRATIONS_DIR, entry), path.join(dir, entry), { recursive: true });
  }
  return dir;
}

const insertSuite = (key: string) =>
  sql.query(
    `INSERT INTO pairwise_suite (key, name, design, overlap_k, systems, created_by_id)
     VALUES ($1, $1, 'all_pairs', 2, ARRAY['a', 'b'], 'admin-0000')`,
    [key],
  );

it("marks the pairwise suites that exist open to all raters; new ones are open to their list only", async () => {
  const before = await migrationsBefore(MIGRATION);
  await applyMigrations({ databaseUrl: database.url, dir: before });
  await rm(before, { recursive: true });
  await sql.query(
    "INSERT INTO app_user (id, name, email, roles, updated_at) VALUES ('admin-0000', 'Admin', 'admin@example.test', '{admin}', now())",
  );
  await insertSuite("made-before");

  await applyMigrations({ databaseUrl: database.url });
  await insertSuite("made-after");
  const { rows } = await sql.query<{ key: string; open_to_all_raters: boolean; verdict_only: boolean; raters: number }>(
    `SELECT s.key, s.open_to_all_raters, s.verdict_only,
            (SELECT count(*)::int FROM pairwise_suite_rater r WHERE r.suite_id = s.id) AS raters
     FROM pairwise_suite s ORDER BY s.key`,
  );
  expect(rows).toEqual([
    { key: "made-after", open_to_all_raters: false, verdict_only: false, raters: 0 },
    { key: "made-before", open_to_all_raters: true, verdict_only: false, raters: 0 },
  ]);
  await expect(sql.query("UPDATE pairwise_suite SET overlap_k = 51 WHERE key = 'made-after'")).rejects.toThrow(
    /pairwise_suite_overlap_k_range/,
  );
});
