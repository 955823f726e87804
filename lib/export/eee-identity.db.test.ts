// Issue 34, item 8: EEE in → rate → EEE out. Items imported from Every Eval
// Ever files (0.3.0 single-turn and agentic, 0.2.x variants) are rated in a
// suite and exported as EEE 0.3.0; every exported line joins its source line
// on sample_id and sample_hash, and carries the source's reference list and
// the model's output (output.raw, or the messages of a conversation).
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { Ajv2020 } from "ajv/dist/2020";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bulkPool, db, exportPool } from "@/lib/db";
import { commitImport, createImport, readImportFile } from "@/lib/imports/service";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { createSuite } from "@/lib/suites/service";
import { createTestDatabase, useDatabaseInThisFile, type TestDatabase } from "@/lib/testing/test-database";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import eeeSchema from "@/schemas/eee-instance-level-0.3.0.schema.json";
import { eeeSampleHash } from "./formats/eee-instance";
import { startRecordExport } from "./stream-export";

type Line = Record<string, unknown> & {
  sample_id: string | number;
  sample_hash?: string | null;
  model_id: string;
  input: { raw: string; reference?: unknown };
  metadata?: Record<string, string>;
};

const FIXTURES = path.join(import.meta.dirname, "..", "imports", "fixtures");
const FILES = ["eee-0.3.0-single-turn.jsonl", "eee-0.3.0-agentic.jsonl", "eee-variants.jsonl"];

let database: TestDatabase;
let admin: TestUser;
beforeAll(async () => {
  database = await createTestDatabase("eee_identity");
  useDatabaseInThisFile(database);
  admin = await createTestUser(["admin"]);
});
afterAll(async () => {
  await db().$disconnect();
  await bulkPool().end();
  await exportPool().end();
  await database.drop();
});

const rating = (score: number) => ({ score, confidence: "high", rationale: `I give ${score}.` });

it("joins every exported line to its source line on sample_id and sample_hash, with the reference list and output", async () => {
  const importIds: string[] = [];
  const sources: Line[] = [];
  for (const file of FILES) {
    const text = readFileSync(path.join(FIXTURES, file), "utf8");
    const created = await createImport({ actor: admin, input: { format: "eee", file_name: file } });
    const read = await readImportFile({ actor: admin, importId: created.id, file: Readable.from([text]) });
    if (read.status === "awaiting_decision") await commitImport({ actor: admin, importId: created.id });
    importIds.push(created.id);
    const items = await db().item.findMany({ where: { importId: created.id }, select: { importLine: true } });
    const lines = text.trimEnd().split("\n");
    for (const { importLine } of items) sources.push(JSON.parse(lines[importLine! - 1]!) as Line);
  }
  // 4 single-turn, 2 agentic, and the 0.2.x variants the importer accepts (single-turn, multi-turn, agentic).
  expect(sources.length).toBeGreaterThanOrEqual(10);
  expect(new Set(sources.map((source) => source.interaction_type))).toEqual(
    new Set(["single_turn", "multi_turn", "agentic"]),
  );

  const rater = await createTestUser(["rater"]);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "EEE identity",
      key: "eee-identity",
      overlap_k: 1,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [rater.userId],
      import_ids: importIds,
    },
  });
  let rated = 0;
  for (;;) {
    const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
    if (!next.assignmentId) break;
    await submitAssignment({
      rater: userRater(rater),
      assignmentId: next.assignmentId,
      draft: {
        universal: {
          helpfulness: rating(4),
          instruction_following: rating(4),
          faithfulness: rating(5),
          safety_overall: rating(5),
          overall_quality: rating(2),
        },
      },
    });
    rated += 1;
  }
  expect(rated).toBe(sources.length);

  const started = await startRecordExport({ actor: admin, filter: { suite_id: "eee-identity" }, format: "eee-0.3.0" });
  expect(started.count).toBe(rated);
  const exported = (await new Response(started.body).text())
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Line);
  expect(exported).toHaveLength(rated * 5);
  const { $schema: _draft07, ...schema } = eeeSchema as Record<string, unknown>;
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  for (const [index, line] of exported.entries())
    expect(validate(line), `line ${index + 1}: ${JSON.stringify(validate.errors)}`).toBe(true);

  // A source line without a sample_hash is joined on upstream's recipe over its raw input and reference list.
  const referenceOf = (source: Line): string[] =>
    typeof source.input.reference === "string"
      ? [source.input.reference]
      : ((source.input.reference ?? []) as string[]);
  const keyOf = (source: Line) =>
    `${String(source.sample_id)}|${source.sample_hash || eeeSampleHash(source.input.raw, referenceOf(source))}|${source.model_id}`;
  // One sample scored by several aggregate results is several source lines (0.3.0's fan-out): the sample
  // joins on sample_id and sample_hash, the line among them on the source's evaluation_result_id.
  const byKey = new Map<string, Line[]>();
  for (const source of sources) byKey.set(keyOf(source), [...(byKey.get(keyOf(source)) ?? []), source]);
  const joined = new Set<Line>();
  for (const line of exported) {
    const sameSample = byKey.get(`${line.sample_id}|${line.sample_hash}|${line.model_id}`) ?? [];
    expect(sameSample.length, `no source line for ${line.sample_id} ${line.sample_hash}`).toBeGreaterThan(0);
    const source = sameSample.find(
      (candidate) => (candidate.evaluation_result_id ?? undefined) === line.metadata?.source_evaluation_result_id,
    );
    expect(source, `no source line of ${line.sample_id} with its evaluation_result_id`).toBeDefined();
    joined.add(source!);
    expect(line.interaction_type).toBe(source!.interaction_type);
    expect(line.input.raw).toBe(source!.input.raw);
    expect(line.input.reference).toEqual(referenceOf(source!));
    expect(line.metadata).toMatchObject({ source_evaluation_name: source!.evaluation_name, rater_type: "human" });
    if (source!.interaction_type === "single_turn") {
      const raw = (source!.output as { raw: unknown }).raw;
      expect(line.output).toMatchObject({ raw: typeof raw === "string" ? [raw] : raw });
      expect(line.messages).toBeUndefined();
    } else {
      expect(line.output).toBeNull();
      const turns = (source!.messages ?? source!.interactions) as { role: string; content: string | null }[];
      const messages = line.messages as { role: string; content: string | null; turn_idx: number }[];
      expect(messages).toHaveLength(turns.length);
      expect(messages.map((message) => message.turn_idx)).toEqual(
        [...messages.map((message) => message.turn_idx)].sort((a, b) => a - b),
      );
      expect(new Set(messages.map((message) => `${message.role}:${message.content}`))).toEqual(
        new Set(turns.map((turn) => `${turn.role}:${turn.content ?? null}`)),
      );
    }
  }
  expect(joined.size).toBe(sources.length);
  // The 0.3.0 lines carry the source's own sample_hash, unchanged and unprefixed.
  const gsm8k = exported.find((line) => line.sample_id === "gsm8k_0001" && line.model_id.startsWith("meta-llama/"));
  expect(gsm8k?.sample_hash).toBeTruthy();
});
