// The Every Eval Ever 0.3.0 export against a real database: human, SME, hybrid
// and adjudicated (SME, derived_from) records stream out through the export
// path as 0.3.0 instance records, each line valid (Ajv, draft 2020-12), and the
// file imports back through lib/imports as items carrying the human scores.
import { Readable } from "node:stream";
import { Ajv2020 } from "ajv/dist/2020";
import { afterAll, beforeAll, expect, it } from "vitest";
import { agentDraft, chatDraft } from "@/lib/aif/sample-drafts";
import type { Actor } from "@/lib/auth/actor";
import { bulkPool, db, exportPool } from "@/lib/db";
import { createImport, readImportFile } from "@/lib/imports/service";
import type { Item } from "@/lib/items/types";
import { importRecords } from "@/lib/records/import-records";
import { createTestDatabase, useDatabaseInThisFile, type TestDatabase } from "@/lib/testing/test-database";
import { createTestUser } from "@/lib/testing/test-users";
import eeeSchema from "@/schemas/eee-instance-level-0.3.0.schema.json";
import { startRecordExport } from "./stream-export";

type EeeLine = {
  evaluation_name: string;
  evaluation: { score: number; is_correct: boolean };
  metadata: Record<string, string>;
  [field: string]: unknown;
};

let database: TestDatabase;
let admin: Actor;

const suite = "eee-round-trip";
const envelope = (id: number) => ({
  schema_version: "1.0.0",
  eval_id: `0000000${id}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`,
  created_at: `2026-11-2${id}T10:00:00.000Z`,
});
const task = (taskId: string) => ({ ...chatDraft().task, task_id: taskId, suite_id: suite });
const records = [
  { ...chatDraft({ task: task("q-1") }), ...envelope(1) },
  { ...agentDraft({ task: { ...agentDraft().task, suite_id: suite } }), ...envelope(2) },
  { ...chatDraft({ task: task("q-2"), rater: { type: "hybrid", id: "reviewer-1" } }), ...envelope(3) },
  {
    ...chatDraft({ task: task("q-1"), rater: { type: "sme", id: "adjudicator-1" }, derived_from: envelope(1).eval_id }),
    ...envelope(4),
  },
];

beforeAll(async () => {
  database = await createTestDatabase("eee_export");
  useDatabaseInThisFile(database);
  admin = await createTestUser(["admin"]);
  const stored = await importRecords({
    actor: admin,
    file: Readable.from([records.map((record) => JSON.stringify(record)).join("\n") + "\n"]),
  });
  expect(stored).toMatchObject({ imported: records.length, refused: 0 });
});

afterAll(async () => {
  await db().$disconnect();
  await bulkPool().end();
  await exportPool().end();
  await database.drop();
});

it("exports the suite's records as valid EEE 0.3.0 lines that import back as items with their human scores", async () => {
  const started = await startRecordExport({ actor: admin, filter: { suite_id: suite }, format: "eee-0.3.0" });
  expect(started.count).toBe(records.length);
  const text = await new Response(started.body).text();
  const lines = text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as EeeLine);
  const { $schema: _draft07, ...schema } = eeeSchema as Record<string, unknown>;
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  for (const [index, line] of lines.entries())
    expect(validate(line), `line ${index + 1}: ${JSON.stringify(validate.errors)}`).toBe(true);
  // chat drafts score 5 universal dimensions; the agent draft 5 universal + plan_quality.
  expect(lines).toHaveLength(5 + 6 + 5 + 5);
  expect(new Set(lines.map((line) => line.metadata.eval_id))).toEqual(new Set(records.map((record) => record.eval_id)));
  expect(new Set(lines.map((line) => line.metadata.rater_type))).toEqual(new Set(["human", "sme", "hybrid"]));

  const created = await createImport({ actor: admin, input: { format: "eee", file_name: "evalform.eee.jsonl" } });
  const summary = await readImportFile({ actor: admin, importId: created.id, file: Readable.from([text]) });
  expect(summary).toMatchObject({ status: "committed", linesRead: lines.length, accepted: lines.length, refused: 0 });
  const items = (await db().item.findMany({ where: { importId: created.id } })).map((row) => row.body as Item);
  expect(items).toHaveLength(lines.length);
  const adjudicated = items.find(
    (item) =>
      item.tags?.["metadata.eval_id"] === envelope(4).eval_id &&
      item.tags?.evaluation_name === "aif.universal.overall_quality",
  )!;
  expect(adjudicated.task.task_id).toBe("aif.universal.overall_quality:q-1");
  expect(adjudicated.automatic_scores?.evaluation).toEqual({ score: 3, is_correct: false });
  expect(adjudicated.tags).toMatchObject({
    "metadata.rater_type": "sme",
    "metadata.derived_from": envelope(1).eval_id,
    "metadata.rationale": "Accurate but padded with an unrequested list of other capitals.",
  });
});
