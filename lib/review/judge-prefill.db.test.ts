// Inspect logs and lm-eval samples stored as items, and other judges' outputs
// stored as prefills of those items (matched by the source's question / sample
// id and the model judged; the unmatched listed), against a real PostgreSQL.
import { createReadStream } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, exportPool } from "@/lib/db";
import { commitImport, createImport, readImportFile } from "@/lib/imports/service";
import type { PrefillFormat } from "@/lib/imports/formats";
import { createSuite } from "@/lib/suites/service";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { importPrefills } from "./prefill-import";

const FIXTURES = path.join(import.meta.dirname, "..", "imports", "fixtures");
let admin: TestUser;
/** The Inspect log's items (the first test stores them; a second import of the log would add none). */
let inspectImportId = "";
type JudgeBody = {
  task: { task_id: string };
  rater: Record<string, unknown>;
  universal: Record<string, unknown> & { vs_reference?: string };
  freeform: { notes: string };
};
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(async () => {
  await db().$disconnect();
  await exportPool().end();
});

/** Reads a file into a new import and commits its valid lines. */
async function importItems(format: string, file: NodeJS.ReadableStream, systemUnderTest?: string) {
  const created = await createImport({
    actor: admin,
    input: { format, ...(systemUnderTest ? { system_under_test: systemUnderTest } : {}) },
  });
  const read = await readImportFile({ actor: admin, importId: created.id, file: file as never });
  if (read.status === "awaiting_decision") await commitImport({ actor: admin, importId: created.id });
  return { importId: created.id, read };
}

function chatItem(taskId: string, systemUnderTest: string, prompt = `Prompt of ${taskId}`) {
  const item = nativeItem(taskId, {});
  return {
    ...item,
    task: { task_id: taskId, suite_id: "judged", modality: "chat" as const, prompt },
    subject: { system_under_test: systemUnderTest, modality_tags: ["chat"] },
  };
}

const ALPACA_PROMPTS = [
  "What are the names of some famous actors that started their careers on Broadway?",
  "How did US states get their names?",
  "Hi, my sister and her girlfriends want me to play kickball with them. Can you explain how the game is played?",
  "What is some cool music from the 1920s?",
  "How do I wrap a present neatly?",
];

describe("logs in as items, judges in as prefills", () => {
  it("stores Inspect samples and lm-eval lines as items with their automatic scores", async () => {
    const inspect = await importItems("inspect", createReadStream(path.join(FIXTURES, "inspect-log.json")));
    expect(inspect.read).toMatchObject({ accepted: 5, refused: 1 });
    inspectImportId = inspect.importId;
    const stored = await db().item.findMany({ where: { importId: inspect.importId }, orderBy: { taskId: "asc" } });
    expect(stored.map((item) => item.taskId)).toEqual([
      "security_guide:1",
      "security_guide:1:epoch2",
      "security_guide:3",
      "security_guide:6",
      "security_guide:ls-2",
    ]);
    const body = stored[0]!.body as { automatic_scores: Record<string, { explanation: string }> };
    expect(body.automatic_scores.model_graded_qa!.explanation).toMatch(/GRADE: C/);

    const lmEval = await importItems(
      "lm_eval",
      createReadStream(path.join(FIXTURES, "lm_eval-multiple-choice.jsonl")),
      "my-org/my-model",
    );
    expect(lmEval.read).toMatchObject({ accepted: 1, refused: 1 });
    const [mc] = await db().item.findMany({ where: { importId: lmEval.importId } });
    expect(mc!.systemUnderTest).toBe("my-org/my-model");
    expect((mc!.body as { options: unknown[] }).options).toHaveLength(4);
  });

  it("stores each judge format's usable lines as llm_judge prefills and lists the unmatched and unusable", async () => {
    const natives = await importItems(
      "items",
      jsonl([
        chatItem("mt_bench:81", "vicuna-13b-v1.3"),
        chatItem("mt_bench:82", "vicuna-13b-v1.3"),
        chatItem("mt_bench:82-turn2", "vicuna-13b-v1.3"),
        chatItem("arena_hard:328c149ed45a41c0b9d6f14659e63599", "qwq-32b"),
        chatItem("arena_hard:1f07cf6d146d4038b2b93aaba3935ce0", "qwq-32b"),
        ...ALPACA_PROMPTS.map((prompt, index) => chatItem(`alpaca:${index}`, "my-model", prompt)),
        chatItem("wildbench:ae006110bb364606", "my-model"),
        chatItem("wildbench:1f2e3d4c5b6a7980", "other-model"),
      ]),
    );
    const suite = await createSuite({
      actor: admin,
      input: {
        name: "Judged suite",
        key: `judged-${natives.importId.slice(0, 8)}`,
        overlap_k: 1,
        gold_share: 0,
        hold_minutes: 30,
        rater_ids: [],
        import_ids: [natives.importId, inspectImportId],
      },
    });
    const run = (format: PrefillFormat, file: string, given: { judgeModel?: string; judgeVersion?: string } = {}) =>
      importPrefills({
        actor: admin,
        suiteId: suite.id,
        file: createReadStream(path.join(FIXTURES, file)),
        format,
        scale: "linear",
        storeValid: true,
        ...given,
      });

    const mtBench = await run("mt_bench", "judges/mt_bench-single.jsonl");
    expect(mtBench).toMatchObject({ recordsRead: 6, stored: 2, refused: 4 });
    expect(mtBench.errors.map((error) => [error.line, error.rule])).toEqual([
      [3, "judgeError"],
      [4, "unusableScore"],
      [5, "unusableScore"],
      [6, "unmatched"],
    ]);
    expect(mtBench.errors[3]!.message).toContain('"999"');

    expect(await run("arena_hard", "judges/arena_hard-judgments.jsonl")).toMatchObject({ stored: 2, refused: 2 });
    // Preference 0 is a draw (as AlpacaEval counts it), stored as vs_reference equivalent.
    expect(await run("alpaca_eval", "judges/alpaca_eval-annotations.json")).toMatchObject({ stored: 5, refused: 0 });
    // WildBench names its judge only in its folder: the admin gives it at upload.
    const wild = await run("wildbench", "judges/wildbench-scores.json", {
      judgeModel: "gpt-4o-2024-05-13",
      judgeVersion: "score.v2",
    });
    // 1f2e… is an item of another model: matched by id, refused by the model judged.
    expect(wild).toMatchObject({ stored: 1, refused: 3 });
    expect(wild.errors.find((error) => error.line === 2)).toMatchObject({ rule: "unmatched" });
    // Sample 6's custom summary_grader is not named as model-graded: refused, not stored as an llm_judge.
    expect(await run("inspect_scores", "inspect-log.json")).toMatchObject({ stored: 3, refused: 3 });

    const judged = await db().evalRecord.findMany({
      where: { reviewTask: { suiteId: suite.id } },
      select: { body: true },
    });
    expect(judged).toHaveLength(2 + 2 + 5 + 1 + 3);
    const bodies = judged.map((row) => row.body as JudgeBody);
    // MT-Bench question 82's turn-2 judgment (score 2) is on the turn-2 item; the turn-1 item has no judge rating.
    expect(
      bodies.filter((body) => body.task.task_id.startsWith("mt_bench:82")).map((body) => body.task.task_id),
    ).toEqual(["mt_bench:82-turn2"]);
    const wildRecord = bodies.find((body) => body.task.task_id.startsWith("wildbench:"))!;
    expect(wildRecord.rater).toMatchObject({
      model: "gpt-4o-2024-05-13",
      version: "score.v2; wildbench; scale linear",
    });
    const mt = judged.map((row) => row.body as JudgeBody).find((body) => body.task.task_id === "mt_bench:81")!;
    expect(mt.rater).toEqual({
      type: "llm_judge",
      id: "mt_bench:gpt-4:single-v1",
      model: "gpt-4",
      version: "mt_bench single-v1; scale linear",
    });
    expect(mt.universal.overall_quality).toEqual({
      score: 4.56,
      rationale: expect.stringMatching(/Rating: \[\[9\]\]$/),
    });
    expect(mt.freeform.notes).toContain("source score 9/10");
    const alpaca = judged.map((row) => row.body as JudgeBody).find((body) => body.task.task_id === "alpaca:1")!;
    expect(alpaca.universal.vs_reference).toBe("worse");

    // The same file again stores nothing twice.
    expect(await run("mt_bench", "judges/mt_bench-single.jsonl")).toMatchObject({ stored: 0, alreadyPresent: 2 });
  });
});
