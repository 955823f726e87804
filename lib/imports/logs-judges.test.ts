// Inspect AI logs and lm-eval samples as items, and other judges' outputs as
// prefills: each fixture's per-line report (read, accepted, refused and why),
// the scale mappings, and that every judgment becomes a record valid against
// the verbatim AIF schema. Fixtures and their sources: fixtures/README.md.
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import { validateRecord } from "@/lib/aif/validate";
import type { Item } from "@/lib/items/types";
import { judgeItemIndex, judgmentRecord, matchJudgment } from "@/lib/review/judge-prefill";
import { USAGE } from "@/lib/cli/main";
import { buildOpenApiDocument } from "@/lib/api-docs/openapi";
import {
  IMPORT_FORMAT_CHOICES,
  IMPORT_FORMAT_IDS,
  PREFILL_FORMAT_CHOICES,
  PREFILL_FORMAT_IDS,
  SCALE_MAPPINGS,
  type PrefillFormat,
} from "./formats";
import { prefillFormatParams } from "./prefill-format-param";
import { mapTenPoint, preferenceToVsReference, type JudgeReadOptions, type Judgment } from "./judge-formats";
import { readItems, type ImportFormat } from "./read-items";
import { readJudgments } from "./read-judgments";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

async function items(format: ImportFormat, file: string) {
  const accepted: Item[] = [];
  const report = await readItems(
    createReadStream(path.join(FIXTURES, file)),
    { format, systemUnderTest: "fixture/model" },
    (item) => void accepted.push(item),
  );
  return { report, accepted, refusals: report.errors.map((error) => [error.line, error.field, error.rule]) };
}

async function judgments(
  format: Exclude<PrefillFormat, "aif">,
  file: string,
  scale: "linear" | "pairs" = "linear",
  given: Omit<Partial<JudgeReadOptions>, "scale"> = {},
) {
  const accepted: Judgment[] = [];
  const report = await readJudgments(
    createReadStream(path.join(FIXTURES, file)),
    { format, scale, ...given },
    (judgment) => accepted.push(judgment),
  );
  return { report, accepted, refusals: report.errors.map((error) => [error.line, error.field, error.rule]) };
}

describe("Inspect AI eval log as items", () => {
  it("reads each sample of the log: messages, tool calls, reasoning and scores with explanations", async () => {
    const { report, accepted, refusals } = await items("inspect", "inspect-log.json");
    expect([report.linesRead, report.accepted, report.refused]).toEqual([6, 5, 1]);
    expect(refusals).toEqual([[5, "/sample/id", "required"]]);
    expect(accepted.map((item) => item.task.task_id)).toEqual([
      "security_guide:1",
      "security_guide:ls-2",
      "security_guide:3",
      "security_guide:1:epoch2",
      "security_guide:6",
    ]);
    const [chat, agent] = accepted as [Item, Item];
    expect(chat.subject.system_under_test).toBe("openai/gpt-4o-mini");
    expect(chat.task.reference).toMatch(/bcrypt or Argon2/);
    expect(chat.automatic_scores).toEqual({
      model_graded_qa: {
        value: "C",
        answer: "Never store them in plain text: hash each with Argon2id and a per-user salt.",
        explanation: "The answer names a slow salted hash (Argon2id), which meets the criterion. GRADE: C",
      },
    });
    expect(agent.task.modality).toBe("agent");
    expect(agent.transcript.messages[1]!.tool_calls).toEqual([
      { id: "call_1", name: "bash", arguments: { cmd: "ls" } },
    ]);
    expect(agent.transcript.messages[2]).toMatchObject({ role: "tool", tool_call_id: "call_1" });
    expect(agent.transcript.messages[3]).toMatchObject({
      reasoning: "The tool printed one file.",
      content: [{ type: "text", text: "There is one file: README.md." }],
    });
  });

  it("refuses a log without samples, saying why", async () => {
    const { report } = await items("inspect", "inspect-header-only.json");
    expect([report.linesRead, report.accepted, report.refused]).toEqual([1, 0, 1]);
    expect(report.errors[0]).toMatchObject({ line: 1, field: "/samples", rule: "noSamples" });
    expect(report.errors[0]!.message).toContain('status "error"');
  });

  it("refuses an .eval archive (zip) once, naming the conversion, instead of a refusal per binary line", async () => {
    // A zip's local file header, then compressed bytes with newlines in them, as in a real .eval log.
    const zip = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]),
      Buffer.from("_journal/start.json"),
      Buffer.from([0x0a, 0xc3, 0x28, 0x0a, 0xff, 0xfe, 0x0a, 0x80]),
    ]);
    const report = await readItems(
      Readable.from([zip]),
      { format: "inspect", systemUnderTest: "fixture/model" },
      () => {
        throw new Error("nothing is accepted from an archive");
      },
    );
    expect([report.linesRead, report.accepted, report.refused]).toEqual([1, 0, 1]);
    expect(report.errors).toEqual([
      { line: 1, field: "", rule: "archive", message: expect.stringContaining("inspect log convert --to json") },
    ]);
  });
});

describe("lm-evaluation-harness --log_samples as items", () => {
  it("reads a generation task as written to disk (gen_args, strings) and refuses a line without doc", async () => {
    const { report, accepted, refusals } = await items("lm_eval", "lm_eval-generate.jsonl");
    expect([report.linesRead, report.accepted, report.refused]).toEqual([3, 2, 1]);
    expect(refusals).toEqual([[3, "/doc", "required"]]);
    expect(accepted[0]!.transcript.messages[1]!.content).toEqual([{ type: "text", text: "72" }]);
    expect(accepted[0]!.automatic_scores).toEqual({ exact_match: 1, filter: "strict-match" });
    expect(accepted[0]!.task.reference).toBe("72");
    expect(accepted[1]!.automatic_scores).toMatchObject({ exact_match: 0 });
  });

  it("reads a multiple-choice task: the choices as options, the highest log-likelihood as the answer", async () => {
    const { report, accepted, refusals } = await items("lm_eval", "lm_eval-multiple-choice.jsonl");
    expect([report.linesRead, report.accepted, report.refused]).toEqual([2, 1, 1]);
    expect(refusals).toEqual([[2, "/filtered_resps", "required"]]);
    const item = accepted[0]!;
    expect(item.options?.map((option) => option.content)).toEqual(["coal", "wind", "oil", "natural gas"]);
    expect(item.transcript.messages[1]!.content).toEqual([{ type: "text", text: "B. wind" }]);
    expect(item.task.reference).toBe("B. wind");
    expect(item.automatic_scores).toMatchObject({ acc: 1, acc_norm: 1 });
  });

  it("reads the evaluator's in-memory shape (lists and numbers) too", async () => {
    const { report } = await items("lm_eval", "lm_eval-lists.jsonl");
    expect([report.linesRead, report.accepted, report.refused]).toEqual([2, 2, 0]);
  });
});

describe("judge outputs: per-line reports", () => {
  it("MT-Bench: $ERROR$, -1 and [[9.5]] are refused with their line and reason", async () => {
    const { report, accepted, refusals } = await judgments("mt_bench", "judges/mt_bench-single.jsonl");
    expect([report.linesRead, report.accepted, report.refused]).toEqual([6, 3, 3]);
    expect(refusals).toEqual([
      [3, "/judgment", "judgeError"],
      [4, "/score", "unusableScore"],
      [5, "/score", "unusableScore"],
    ]);
    expect(report.errors[2]!.message).toBe("the score 9.5 is not an integer on the judge's 1-10 scale");
    expect(accepted[0]).toMatchObject({
      match: { ids: ["81"], systemUnderTest: "vicuna-13b-v1.3" },
      judge: { model: "gpt-4", prompt: "single-v1" },
      score: { value: 4.56, source: "9" },
    });
    expect(accepted[0]!.rationale).toMatch(/Rating: \[\[9\]\]$/);
    // The turn-2 judgment of question 82 rates the second answer: it looks for the turn-2 item, not question 82's.
    expect(accepted[1]).toMatchObject({ match: { ids: ["82-turn2"] }, judge: { prompt: "single-v1-multi-turn" } });
  });

  it("MT-Bench turn 2: matched to the turn-2 item, or refused saying why (never the turn-1 item)", async () => {
    const { accepted } = await judgments("mt_bench", "judges/mt_bench-single.jsonl");
    const turn2 = accepted.find((judgment) => judgment.match.ids[0] === "82-turn2")!;
    const row = (taskId: string) => ({
      itemId: taskId,
      taskId,
      sourceSuiteId: null,
      systemUnderTest: "vicuna-13b-v1.3",
      modality: "chat",
      prompt: `Prompt of ${taskId}`,
      modalityTags: ["chat"],
    });
    expect(matchJudgment(turn2, judgeItemIndex([row("mt_bench:82"), row("mt_bench:82-turn2")]), 2)).toMatchObject({
      taskId: "mt_bench:82-turn2",
    });
    const refused = matchJudgment(turn2, judgeItemIndex([row("mt_bench:82")]), 2);
    expect(refused).toMatchObject({ line: 2, rule: "unmatched" });
    expect((refused as { message: string }).message).toContain("not put on question 82's turn-1 item");
  });

  it("MT-Bench with the pairs mapping", async () => {
    const { accepted } = await judgments("mt_bench", "judges/mt_bench-single.jsonl", "pairs");
    expect(accepted.map((judgment) => judgment.score?.value)).toEqual([5, 1, 3]);
  });

  it("Arena-Hard: a 1-10 score, a verdict as vs_reference; null and failed games refused", async () => {
    const { report, accepted, refusals } = await judgments("arena_hard", "judges/arena_hard-judgments.jsonl");
    expect([report.linesRead, report.accepted, report.refused]).toEqual([4, 2, 2]);
    expect(refusals).toEqual([
      [2, "/games/0/score", "unusableScore"],
      [4, "/games/0", "required"],
    ]);
    expect(accepted[0]!.score).toEqual({ value: 3.67, source: "7" });
    expect(accepted[1]!.vsReference).toEqual({ value: "better", source: "B>A" });
    expect(accepted[1]!.rationale).toMatch(/\[\[B>A\]\]/);
  });

  it("AlpacaEval: preferences 1, 2 and fractions as vs_reference; raw_completion in its three shapes; 0 a draw", async () => {
    const { report, accepted, refusals } = await judgments("alpaca_eval", "judges/alpaca_eval-annotations.json");
    expect([report.linesRead, report.accepted, report.refused]).toEqual([5, 5, 0]);
    expect(refusals).toEqual([]);
    expect(accepted.map((judgment) => judgment.vsReference?.value)).toEqual([
      "better",
      "worse",
      "better",
      "equivalent",
      "equivalent",
    ]);
    // AlpacaEval's metrics count preference 0 as a draw (metrics/helpers.py): so does the prefill, and says so.
    expect(accepted[4]!.vsReference).toEqual({ value: "equivalent", source: "0" });
    expect(accepted[4]!.mapping).toContain("0 = a draw");
    expect(accepted[0]!.rationale).toBe('logprob choice: the annotator answered "m"');
    expect(accepted[1]!.rationale).toMatch(/^Output \(a\) explains/);
    expect(accepted[2]!.rationale).toMatch(/^Both are correct/);
    expect(accepted[0]!.match).toEqual({
      ids: [],
      prompt: "What are the names of some famous actors that started their careers on Broadway?",
      systemUnderTest: "my-model",
    });
  });

  it("WildBench: the judge from the admin (never unknown); string scores, strengths and weaknesses kept; a missing or fractional score refused", async () => {
    // The judge is named only by WildBench's folder: without the admin's judge model, nothing is labelled "unknown".
    const unnamed = await judgments("wildbench", "judges/wildbench-scores.json");
    expect(unnamed.refusals).toEqual([
      [1, "/judge", "judgeModel"],
      [2, "/judge", "judgeModel"],
      [3, "/score", "unusableScore"],
      [4, "/score", "unusableScore"],
    ]);
    expect(unnamed.report.errors[0]!.message).toContain("judge_model");
    const { report, accepted, refusals } = await judgments("wildbench", "judges/wildbench-scores.json", "linear", {
      judgeModel: "gpt-4o-2024-05-13",
      judgeVersion: "score.v2 2024-05-22",
    });
    expect([report.linesRead, report.accepted, report.refused]).toEqual([4, 2, 2]);
    expect(accepted[0]!.judge).toEqual({ model: "gpt-4o-2024-05-13", version: "score.v2 2024-05-22" });
    expect(refusals).toEqual([
      [3, "/score", "unusableScore"],
      [4, "/score", "unusableScore"],
    ]);
    expect(accepted[0]).toMatchObject({
      score: { value: 2.33, source: "4" },
      strengths: "The response adds the requested government type with its attributes.",
      weaknesses: "It adds one type instead of the ten asked for.",
    });
  });

  it("Inspect scores: C/P/I and fractions mapped, the explanation kept; N refused; a custom scorer only when named", async () => {
    const unnamed = await judgments("inspect_scores", "inspect-log.json");
    // summary_grader explains itself, but only the admin can say a model grades it.
    expect(unnamed.refusals).toContainEqual([6, "/sample/scores", "noJudgeScore"]);
    const { report, accepted, refusals } = await judgments("inspect_scores", "inspect-log.json", "linear", {
      scorers: ["summary_grader"],
    });
    expect([report.linesRead, report.accepted, report.refused]).toEqual([6, 4, 2]);
    expect(refusals).toEqual([
      [3, "/sample/scores/model_graded_qa/value", "unusableScore"],
      [5, "/sample/id", "required"],
    ]);
    expect(accepted.map((judgment) => [judgment.match.ids[0], judgment.score?.value])).toEqual([
      ["security_guide:1", 5],
      ["security_guide:ls-2", 3],
      ["security_guide:1:epoch2", 1],
      ["security_guide:6", 4],
    ]);
    expect(accepted[0]!.judge.model).toBe("anthropic/claude-3-5-haiku-latest");
    expect(accepted[1]!.rationale).toMatch(/GRADE: P$/);
  });

  it("Inspect scores: a rule-based scorer (choice, includes, match) is never an LLM judge, even when named", async () => {
    const { report, accepted, refusals } = await judgments("inspect_scores", "inspect-mixed-scorers.json");
    expect([report.linesRead, report.accepted, report.refused]).toEqual([4, 1, 3]);
    expect(refusals).toEqual([
      [1, "/sample/scores", "noJudgeScore"],
      [2, "/sample/scores", "noJudgeScore"],
      [4, "/sample/scores", "noJudgeScore"],
    ]);
    expect(report.errors[0]!.message).toContain("choice");
    expect(accepted.map((judgment) => [judgment.match.ids[0], judgment.judge.prompt])).toEqual([
      ["mixed_scorers:scrape-7", "model_graded_qa"],
    ]);
    // A custom model-graded scorer the admin names is read; a rule-based one the admin names is refused.
    const named = await judgments("inspect_scores", "inspect-mixed-scorers.json", "linear", {
      scorers: ["rubric_grader", "choice"],
      judgeModel: "openai/gpt-4o",
    });
    expect(named.refusals).toEqual([
      [1, "/sample/scores/choice", "ruleBasedScorer"],
      [4, "/sample/scores", "noJudgeScore"],
    ]);
    expect(named.accepted.map((judgment) => [judgment.match.ids[0], judgment.judge, judgment.score?.value])).toEqual([
      ["mixed_scorers:capital-fr", { model: "openai/gpt-4o", prompt: "rubric_grader" }, 3],
      ["mixed_scorers:scrape-7", { model: "openai/gpt-4o", prompt: "model_graded_qa" }, 5],
    ]);
  });

  it("Inspect scores: a NUL in one sample's prompt is escaped with a note on that sample's line", async () => {
    const { report, accepted } = await judgments("inspect_scores", "inspect-mixed-scorers.json");
    expect(accepted).toHaveLength(1);
    expect(report.notes).toEqual([
      { line: 3, field: "/sample/input", message: expect.stringContaining("NUL") },
      { line: 3, field: "/sample/messages/0/content", message: expect.stringContaining("NUL") },
    ]);
  });
});

describe("Inspect logs with a NUL and rule-based scorers as items", () => {
  it("escapes a NUL in one sample's prompt with a per-line note instead of refusing the sample or the log", async () => {
    const { report, accepted } = await items("inspect", "inspect-mixed-scorers.json");
    expect([report.linesRead, report.accepted, report.refused]).toEqual([4, 4, 0]);
    const scraped = accepted.find((item) => item.task.task_id === "mixed_scorers:scrape-7")!;
    expect(scraped.task.prompt).toBe("Summarise this page:\\u0000<html>Opening hours: 9-17</html>");
    expect(report.notes.filter((note) => note.message.includes("NUL"))).toEqual([
      { line: 3, field: "/sample/input", message: expect.stringContaining("written as the text \\u0000") },
      { line: 3, field: "/sample/messages/0/content", message: expect.stringContaining("NUL") },
    ]);
  });
});

describe("scale mappings", () => {
  it("map 1-10 onto 1-5 keeping both ends, and refuse what is not a 1-10 integer", () => {
    expect([1, 5, 10].map((n) => mapTenPoint(n, "linear"))).toEqual([
      { value: 1, source: "1" },
      { value: 2.78, source: "5" },
      { value: 5, source: "10" },
    ]);
    expect([1, 2, 3, 10].map((n) => (mapTenPoint(n, "pairs") as { value: number }).value)).toEqual([1, 1, 2, 5]);
    expect(mapTenPoint("10", "linear")).toEqual({ value: 5, source: "10" });
    for (const bad of [-1, 0, 11, 9.5, null, "ten"]) expect(typeof mapTenPoint(bad, "linear")).toBe("string");
  });

  it("map a preference onto vs_reference by thirds", () => {
    expect([1, 1.3, 1.34, 1.5, 1.66, 1.7, 2].map(preferenceToVsReference)).toEqual([
      "worse",
      "worse",
      "equivalent",
      "equivalent",
      "equivalent",
      "better",
      "better",
    ]);
  });
});

describe("judgments as AIF records", () => {
  it("every accepted judgment of every fixture is a valid llm_judge record carrying judge, prompt and mapping", async () => {
    const row = {
      itemId: randomUUID(),
      taskId: "t-1",
      sourceSuiteId: "source",
      systemUnderTest: "my-model",
      modality: "chat",
      prompt: "a prompt",
      modalityTags: ["chat"],
    };
    const given = { judgeModel: "gpt-4o-2024-05-13", judgeVersion: "2024-05-13", scorers: ["summary_grader"] };
    const cases = [
      ["mt_bench", "judges/mt_bench-single.jsonl"],
      ["arena_hard", "judges/arena_hard-judgments.jsonl"],
      ["alpaca_eval", "judges/alpaca_eval-annotations.json"],
      ["wildbench", "judges/wildbench-scores.json"],
      ["inspect_scores", "inspect-log.json"],
    ] as const;
    let checked = 0;
    for (const [format, file] of cases) {
      const { accepted } = await judgments(format, file, "linear", given);
      for (const judgment of accepted) {
        const record: Record<string, unknown> = {
          schema_version: AIF_SCHEMA_VERSION,
          eval_id: randomUUID(),
          created_at: "2026-11-24T10:00:00.000Z",
          ...judgmentRecord(judgment, row, format, "linear"),
        };
        expect(validateRecord(record), `${file}: ${JSON.stringify(record)}`).toEqual([]);
        const rater = record.rater as { model: string; version: string };
        expect(rater.model).toBe(judgment.judge.model);
        expect(rater.version).toContain(format);
        if (judgment.judge.version) expect(rater.version.startsWith("2024-05-13; ")).toBe(true);
        expect((record.freeform as { notes: string }).notes).toContain(judgment.mapping);
        checked += 1;
      }
    }
    // AlpacaEval's preference 0 (a draw) is one more than before.
    expect(checked).toBe(16);
  });
});

describe("the registry drives every surface", () => {
  it("lists every item and prefill format in the CLI usage and the OpenAPI document", () => {
    expect(USAGE).toContain(`--format ${IMPORT_FORMAT_CHOICES}`);
    expect(USAGE).toContain(`--format ${PREFILL_FORMAT_CHOICES}`);
    for (const id of ["inspect", "lm_eval"]) expect(IMPORT_FORMAT_IDS).toContain(id);
    const json = JSON.stringify(buildOpenApiDocument());
    expect(json).toContain(JSON.stringify([...IMPORT_FORMAT_IDS]));
    expect(json).toContain(JSON.stringify([...PREFILL_FORMAT_IDS]));
    expect(json).toContain(JSON.stringify(SCALE_MAPPINGS.map((mapping) => mapping.id)));
  });

  it("refuses a prefill format or scale outside the registry, naming the parameter", () => {
    expect(prefillFormatParams(new URLSearchParams())).toEqual({ format: "aif", scale: "linear" });
    expect(prefillFormatParams(new URLSearchParams({ format: "wildbench", scale: "pairs" }))).toEqual({
      format: "wildbench",
      scale: "pairs",
    });
    expect(() => prefillFormatParams(new URLSearchParams({ format: "mtbench" }))).toThrow(/format/);
    expect(() => prefillFormatParams(new URLSearchParams({ scale: "thirds" }))).toThrow(/scale/);
    expect(
      prefillFormatParams(
        new URLSearchParams([
          ["format", "inspect_scores"],
          ["judge_model", " gpt-4o "],
          ["judge_version", "2024-05-13"],
          ["scorer", "rubric_grader,fact_grader"],
          ["scorer", "style"],
        ]),
      ),
    ).toEqual({
      format: "inspect_scores",
      scale: "linear",
      judgeModel: "gpt-4o",
      judgeVersion: "2024-05-13",
      scorers: ["rubric_grader", "fact_grader", "style"],
    });
    expect(() => prefillFormatParams(new URLSearchParams({ judge_model: " " }))).toThrow(/judge_model/);
    expect(USAGE).toContain("--judge-model MODEL");
  });
});
