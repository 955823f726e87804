// The README's backup procedure, run as written: pg_dump of the test database,
// pg_restore into a fresh one, and every record is found identical — eval_id,
// body::text and the canonical hash exports carry.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { agentDraft, chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { recordHash } from "@/lib/records/canonical-hash";
import { submitRecord } from "@/lib/records/submit-record";
import { readmeCommands } from "@/lib/testing/readme-blocks";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/test-database";
import { createTestUser } from "@/lib/testing/test-users";

type Row = { eval_id: string; body_text: string; body: unknown };

let restored: TestDatabase;
let workDir: string;
beforeAll(async () => {
  restored = await createTestDatabase("restore", { migrate: false });
  workDir = await mkdtemp(path.join(tmpdir(), "evalform-backup-"));
});
afterAll(async () => {
  await db().$disconnect();
  await restored?.drop();
  await rm(workDir, { recursive: true, force: true });
});

async function records(databaseUrl: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (
      await client.query<Row>("SELECT eval_id::text, body::text AS body_text, body FROM eval_record ORDER BY eval_id")
    ).rows;
  } finally {
    await client.end();
  }
}

it("restores a pg_dump into a fresh database with every record byte-identical", async () => {
  // Records with the awkward parts of JSON: escapes, non-ASCII, line separators, nesting, a derivation chain.
  const rater = await createTestUser(["rater", "sme"], { label: "backup" });
  const original = await submitRecord({
    actor: rater,
    draft: withoutRater(
      chatDraft({
        freeform: {
          strengths: "naïve “quotes”, a \\ backslash, a tab\tand \u2028 a line separator",
          weaknesses: "emoji 😀 and 中文",
        },
      }),
    ),
  });
  await submitRecord({ actor: rater, draft: { ...withoutRater(chatDraft()), derived_from: original.evalId } });
  await submitRecord({ actor: rater, draft: withoutRater(agentDraft()), as: "sme" });

  const env = {
    ...process.env,
    DATABASE_URL: getEnv().DATABASE_URL!,
    BACKUP_FILE: path.join(workDir, "evalform.dump"),
    RESTORE_DATABASE_URL: restored.url,
  };
  const source = await records(env.DATABASE_URL);
  // Other test files add records while this one runs: the ones present before the dump must all come back.
  for (const command of await readmeCommands("lib/backup/backup-restore.db.test.ts")) {
    execFileSync("bash", ["-euo", "pipefail", "-c", command], { env, stdio: ["ignore", "inherit", "inherit"] });
  }
  const back = new Map((await records(restored.url)).map((row) => [row.eval_id, row]));

  expect(source.length).toBeGreaterThanOrEqual(3);
  expect(source.map((row) => row.eval_id)).toContain(original.evalId);
  for (const row of source) {
    const copy = back.get(row.eval_id);
    expect(copy, row.eval_id).toBeDefined();
    expect(copy!.body_text).toBe(row.body_text);
    expect(recordHash(copy!.body)).toBe(recordHash(row.body));
  }
  // The restored database is whole: migrations recorded, and still append-only.
  const client = new pg.Client({ connectionString: restored.url });
  await client.connect();
  try {
    const migrations = await client.query(
      `SELECT count(*)::int AS count FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`,
    );
    expect(migrations.rows[0].count).toBeGreaterThan(0);
    await expect(
      client.query("UPDATE eval_record SET body = body WHERE eval_id = $1", [original.evalId]),
    ).rejects.toThrow();
  } finally {
    await client.end();
  }
});
