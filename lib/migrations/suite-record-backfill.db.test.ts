// The migration that added suite_record, on a database with records stored
// before it: the records of the suite flows (assignments, share-link
// assignments, judge runs, prefill imports, reviews) are counted in their
// suite, free-form records naming the suite are not.
import { randomUUID } from "node:crypto";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/test-database";
import { applyMigrations, MIGRATIONS_DIR } from "./apply-migrations";

const SUITE_RECORD_MIGRATION = "20261124200000_suite_record";

let database: TestDatabase;
let earlier: string;
beforeAll(async () => {
  database = await createTestDatabase("suite_record_backfill", { migrate: false });
  earlier = await mkdtemp(path.join(tmpdir(), "migrations-before-suite-record-"));
  for (const name of (await readdir(MIGRATIONS_DIR)).filter((entry) => entry < SUITE_RECORD_MIGRATION)) {
    await cp(path.join(MIGRATIONS_DIR, name), path.join(earlier, name), { recursive: true });
  }
});
afterAll(async () => {
  await rm(earlier, { recursive: true, force: true });
  await database.drop();
});

it("counts the records of the suite flows stored before the table existed, and leaves free-form ones out", async () => {
  await applyMigrations({ databaseUrl: database.url, dir: earlier });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const userId = `user-${randomUUID()}`;
    await client.query(
      `INSERT INTO app_user (id, name, email, roles, updated_at) VALUES ($1, 'Rater', $2, ARRAY['rater', 'sme', 'admin'], now())`,
      [userId, `${userId}@test.local`],
    );
    const {
      rows: [suite],
    } = await client.query<{ id: string }>(
      `INSERT INTO suite (key, name, overlap_k, created_by_id) VALUES ('backfill', 'Backfill', 3, $1) RETURNING id`,
      [userId],
    );
    const {
      rows: [item],
    } = await client.query<{ id: string }>(
      `INSERT INTO item (identity, task_id, system_under_test, is_gold, body) VALUES ('backfill|t1', 't1', 'm', false, '{}'::jsonb) RETURNING id`,
    );
    await client.query(
      `INSERT INTO suite_item (suite_id, item_id, position, is_gold, slots_left) VALUES ($1, $2, 1, false, 1)`,
      [suite!.id, item!.id],
    );
    const {
      rows: [link],
    } = await client.query<{ id: string }>(
      `INSERT INTO share_link (suite_id, label, token_hash, created_by_id) VALUES ($1, 'l', $2, $3) RETURNING id`,
      [suite!.id, randomUUID(), userId],
    );
    const record = async (raterType: string, derivedFrom: string | null = null) => {
      const evalId = randomUUID();
      const body = {
        eval_id: evalId,
        rater: { type: raterType, id: userId },
        task: { task_id: "t1", suite_id: "backfill" },
        ...(derivedFrom ? { derived_from: derivedFrom } : {}),
      };
      await client.query(
        `INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, derived_from, body) VALUES ($1, now(), $2, $3, 't1', 'backfill', $4, $5)`,
        [evalId, raterType, userId, derivedFrom, JSON.stringify(body)],
      );
      return evalId;
    };
    const rated = await record("human");
    const visited = await record("end_user");
    const judged = await record("llm_judge");
    const imported = await record("llm_judge");
    const reviewed = await record("hybrid", judged);
    const freeForm = await record("human");
    await client.query(
      `INSERT INTO assignment (suite_id, item_id, rater_key, user_id, status, held_until, eval_id) VALUES ($1, $2, $3, $3, 'submitted', now(), $4)`,
      [suite!.id, item!.id, userId, rated],
    );
    await client.query(
      `INSERT INTO assignment (suite_id, item_id, rater_key, share_link_id, status, held_until, eval_id) VALUES ($1, $2, 'visitor:v', $3, 'submitted', now(), $4)`,
      [suite!.id, item!.id, link!.id, visited],
    );
    const {
      rows: [run],
    } = await client.query<{ id: string }>(
      `INSERT INTO judge_run (suite_id, base_url, model, prompt_version, n_samples, concurrency, temperature, created_by_id) VALUES ($1, 'http://judge', 'm', 'v1', 1, 1, 0, $2) RETURNING id`,
      [suite!.id, userId],
    );
    const {
      rows: [prefills],
    } = await client.query<{ id: string }>(
      `INSERT INTO prefill_import (suite_id, records_read, stored, already_present, refused, created_by_id) VALUES ($1, 1, 1, 0, 0, $2) RETURNING id`,
      [suite!.id, userId],
    );
    await client.query(
      `INSERT INTO review_task (judge_eval_id, suite_id, item_id, judge_run_id, status, hybrid_eval_id) VALUES ($1, $2, $3, $4, 'reviewed', $5)`,
      [judged, suite!.id, item!.id, run!.id, reviewed],
    );
    await client.query(
      `INSERT INTO review_task (judge_eval_id, suite_id, item_id, prefill_import_id) VALUES ($1, $2, $3, $4)`,
      [imported, suite!.id, item!.id, prefills!.id],
    );

    const result = await applyMigrations({ databaseUrl: database.url });
    expect(result.applied).toContain(SUITE_RECORD_MIGRATION);
    const { rows } = await client.query<{ eval_id: string; flow: string; item_id: string }>(
      `SELECT eval_id, flow, item_id FROM suite_record WHERE suite_id = $1`,
      [suite!.id],
    );
    expect(new Map(rows.map((row) => [row.eval_id, row.flow]))).toEqual(
      new Map([
        [rated, "assignment"],
        [visited, "share_link"],
        [judged, "judge_run"],
        [imported, "prefill_import"],
        [reviewed, "review"],
      ]),
    );
    expect(rows.every((row) => row.item_id === item!.id)).toBe(true);
    expect(rows.some((row) => row.eval_id === freeForm)).toBe(false);
    // Append-only, like the records.
    await expect(client.query(`DELETE FROM suite_record WHERE eval_id = $1`, [rated])).rejects.toThrow(/append-only/);
  } finally {
    await client.end();
  }
});
