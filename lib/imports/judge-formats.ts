// LLM-judge outputs other tools write → one judgment per line, ready to become
// an llm_judge AIF prefill for the item it rates (lib/review/prefill-import.ts
// matches and builds the record). Each parser says which item (the source's
// question / sample id, or the instruction text, and the model judged), who
// judged (rater.model, rater.version) and what, mapped to the AIF scale by the
// mapping chosen at import (./formats.ts SCALE_MAPPINGS). A line that carries
// no usable verdict is refused with the reason. Where each fact about a format
// comes from: lib/imports/fixtures/README.md.
import { isPlainObject } from "@/lib/is-plain-object";
import { SCALE_MAPPINGS, type PrefillFormat, type ScaleMapping } from "./formats";
import type { Refusal } from "./refusal-log";
import { expandInspectLog } from "./parse-inspect";
import type { Entry } from "./read-entries";

export type VsReference = "much_worse" | "worse" | "equivalent" | "better" | "much_better";
export type Judgment = {
  /** The item: ids its task_id equals or ends with (":" + id), or the prompt text; and the system judged. */
  match: { ids: string[]; prompt?: string; systemUnderTest?: string };
  judge: { model: string; prompt?: string };
  /** On the AIF 1-5 scale, and as the source wrote it. */
  score?: { value: number; source: string };
  vsReference?: { value: VsReference; source: string };
  rationale: string;
  strengths?: string;
  weaknesses?: string;
  /** How the source's verdict was read and mapped (written into freeform.notes). */
  mapping: string;
};
export type JudgmentVerdict = { ok: true; judgment: Judgment } | { ok: false; refusals: Refusal[] };
type JudgeParser = (value: unknown, line: number, scale: ScaleMapping) => JudgmentVerdict;

function refuse(line: number, field: string, rule: string, message: string): JudgmentVerdict {
  return { ok: false, refusals: [{ line, field, rule, message }] };
}

/** A 1-10 integer score (number, or a string of digits) → 1-5 by the chosen mapping, or the reason it is unusable. */
export function mapTenPoint(raw: unknown, scale: ScaleMapping): { value: number; source: string } | string {
  const n = typeof raw === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : raw;
  if (raw === null || raw === undefined)
    return "the score is null or missing: no rating could be read from the judge's answer";
  if (typeof n !== "number" || !Number.isFinite(n)) return `the score ${JSON.stringify(raw)} is not a number`;
  if (n === -1) return "the score is -1: the judge call failed or its rating could not be parsed";
  if (!Number.isInteger(n)) return `the score ${n} is not an integer on the judge's 1-10 scale`;
  if (n < 1 || n > 10) return `the score ${n} is outside the judge's 1-10 scale`;
  const value = scale === "pairs" ? Math.ceil(n / 2) : Math.round((1 + ((n - 1) * 4) / 9) * 100) / 100;
  return { value, source: String(n) };
}

function scaleNote(scale: ScaleMapping): string {
  return `scale ${scale}: ${SCALE_MAPPINGS.find((mapping) => mapping.id === scale)!.label}`;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

// FastChat fastchat/llm_judge/common.py play_a_match_single: {question_id, model,
// judge: [judge_model, prompt_name], user_prompt, judgment, score, turn, tstamp}.
const mtBench: JudgeParser = (value, line, scale) => {
  if (!isPlainObject(value)) return refuse(line, "", "type", "each line must be a JSON object (an MT-Bench judgment)");
  if (typeof value.question_id !== "number" && typeof value.question_id !== "string")
    return refuse(line, "/question_id", "required", "question_id is required");
  const model = str(value.model);
  if (!model) return refuse(line, "/model", "required", "model (the model judged) is required");
  if (value.judgment === "$ERROR$")
    return refuse(line, "/judgment", "judgeError", "the judgment is $ERROR$: the judge's API call failed");
  const score = mapTenPoint(value.score, scale);
  if (typeof score === "string") return refuse(line, "/score", "unusableScore", score);
  const judge = Array.isArray(value.judge) ? value.judge : [];
  const turn = typeof value.turn === "number" ? value.turn : 1;
  return {
    ok: true,
    judgment: {
      match: { ids: [String(value.question_id)], systemUnderTest: model },
      judge: { model: str(judge[0]) ?? "unknown", prompt: str(judge[1]) },
      score,
      rationale: str(value.judgment) ?? "",
      mapping: `MT-Bench single-answer judgment of question ${String(value.question_id)}, turn ${turn}; source score ${score.source}/10; ${scaleNote(scale)}`,
    },
  };
};

/** Arena-Hard verdict of game 1 (A = baseline, B = the model judged; arena-hard-auto gen_judgment.py). */
const VERDICTS: Record<string, VsReference> = {
  "A>>B": "much_worse",
  "A>B": "worse",
  "A=B": "equivalent",
  "B>A": "better",
  "B>>A": "much_better",
};

// arena-hard-auto gen_judgment.py judgment(): {uid, category, judge, model,
// baseline, games: [{score, judgment, prompt}, …]}; score is what the regex
// read (None when it read nothing). Earlier single-score configurations wrote
// a 1-10 score; the id is `uid` (question_id in v0.1 files).
const arenaHard: JudgeParser = (value, line, scale) => {
  if (!isPlainObject(value))
    return refuse(line, "", "type", "each line must be a JSON object (an Arena-Hard judgment)");
  const id = value.uid ?? value.question_id;
  if (typeof id !== "string" && typeof id !== "number")
    return refuse(line, "/uid", "required", "uid (or question_id) is required");
  const model = str(value.model);
  if (!model) return refuse(line, "/model", "required", "model (the model judged) is required");
  const game = Array.isArray(value.games) ? value.games[0] : value;
  if (!isPlainObject(game))
    return refuse(line, "/games/0", "required", "the first game is missing (the judge call failed)");
  const field = Array.isArray(value.games) ? "/games/0" : "";
  const judgmentText = isPlainObject(game.judgment) ? str(game.judgment.answer) : str(game.judgment);
  const judge = { model: str(value.judge) ?? "unknown" };
  const base = { match: { ids: [String(id)], systemUnderTest: model }, judge, rationale: judgmentText ?? "" };
  if (typeof game.score === "string" && game.score in VERDICTS) {
    const verdict = VERDICTS[game.score]!;
    return {
      ok: true,
      judgment: {
        ...base,
        vsReference: { value: verdict, source: game.score },
        mapping: `Arena-Hard game 1 verdict ${game.score} (A = baseline ${String(value.baseline ?? "?")}, B = ${model}) → vs_reference ${verdict}; no Likert score in the source`,
      },
    };
  }
  const score = mapTenPoint(game.score, scale);
  if (typeof score === "string") return refuse(line, `${field}/score`, "unusableScore", score);
  return {
    ok: true,
    judgment: {
      ...base,
      score,
      mapping: `Arena-Hard-style judgment of ${String(id)}; source score ${score.source}/10; ${scaleNote(scale)}`,
    },
  };
};

/** AlpacaEval's preference (1 = output_1, the reference, preferred; 2 = output_2, the model) → vs_reference. */
export function preferenceToVsReference(p: number): VsReference {
  const towardModel = p - 1;
  return towardModel < 1 / 3 ? "worse" : towardModel > 2 / 3 ? "better" : "equivalent";
}

/** The annotator's reasoning from raw_completion: an object, a JSON string, or a logprob choice. */
function alpacaRationale(raw: unknown): { text: string; kind: string } {
  let value = raw;
  let kind = "object";
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
      kind = "JSON string";
    } catch {
      return { text: raw, kind: "text" };
    }
  }
  if (isPlainObject(value)) {
    if (isPlainObject(value.logprobs) || isPlainObject(value.message)) {
      const content = isPlainObject(value.message) ? str(value.message.content) : undefined;
      return {
        text: `logprob choice: the annotator answered ${JSON.stringify(content ?? "?")}`,
        kind: "logprob choice",
      };
    }
    const explanation = str(value.concise_explanation) ?? str(value.explanation) ?? str(value.reasoning);
    return { text: explanation ?? JSON.stringify(value), kind };
  }
  return { text: typeof value === "string" ? value : JSON.stringify(value ?? null), kind };
}

// alpaca_eval annotations.json: [{instruction, output_1, generator_1, output_2,
// generator_2, annotator, preference, raw_completion, …}]. No question id: the
// item is found by its prompt (= instruction) and generator_2.
const alpacaEval: JudgeParser = (value, line) => {
  if (!isPlainObject(value))
    return refuse(line, "", "type", "each entry must be a JSON object (an AlpacaEval annotation)");
  const instruction = str(value.instruction);
  if (!instruction) return refuse(line, "/instruction", "required", "instruction is required (it finds the item)");
  const model = str(value.generator_2);
  if (!model) return refuse(line, "/generator_2", "required", "generator_2 (the model judged) is required");
  const p = value.preference;
  if (p === 0)
    return refuse(
      line,
      "/preference",
      "unusablePreference",
      "preference 0 names neither output (AlpacaEval writes it when the annotator gave no usable answer; its metrics count it as a draw)",
    );
  if (typeof p !== "number" || !Number.isFinite(p))
    return refuse(line, "/preference", "unusablePreference", `preference ${JSON.stringify(p ?? null)} is not a number`);
  if (p < 1 || p > 2) return refuse(line, "/preference", "unusablePreference", `preference ${p} is outside [1, 2]`);
  const vs = preferenceToVsReference(p);
  const { text, kind } = alpacaRationale(value.raw_completion);
  return {
    ok: true,
    judgment: {
      match: { ids: [], prompt: instruction, systemUnderTest: model },
      judge: { model: str(value.annotator) ?? "unknown" },
      vsReference: { value: vs, source: String(p) },
      rationale: text,
      mapping: `AlpacaEval preference ${p} (1 = reference ${String(value.generator_1 ?? "output_1")} preferred, 2 = ${model} preferred; fractional = weighted) → vs_reference ${vs} (below 1.33 worse, above 1.67 better, else equivalent); raw_completion read as ${kind}; no Likert score in the source`,
    },
  };
};

// WildBench eval_results/…/score.v2/eval=<judge>/<model>.json: [{session_id,
// parsed_result: {strengths, weaknesses, score}, meta_data, model_test, score, …}]
// with scores as strings "1"-"10". The judge is in the folder name, not the entry.
const wildBench: JudgeParser = (value, line, scale) => {
  if (!isPlainObject(value)) return refuse(line, "", "type", "each entry must be a JSON object (a WildBench result)");
  const id = str(value.session_id);
  if (!id) return refuse(line, "/session_id", "required", "session_id is required");
  const parsed = isPlainObject(value.parsed_result) ? value.parsed_result : {};
  const raw = value.score ?? parsed.score;
  const score = mapTenPoint(raw, scale);
  if (typeof score === "string") return refuse(line, "/score", "unusableScore", score);
  const model = str(value.model_test);
  const strengths = str(parsed.strengths);
  const weaknesses = str(parsed.weaknesses);
  return {
    ok: true,
    judgment: {
      match: { ids: [id], ...(model ? { systemUnderTest: model } : {}) },
      judge: { model: str(value.judge) ?? str(value.eval_model) ?? "unknown" },
      score,
      rationale: [strengths && `Strengths: ${strengths}`, weaknesses && `Weaknesses: ${weaknesses}`]
        .filter(Boolean)
        .join("\n\n"),
      ...(strengths ? { strengths } : {}),
      ...(weaknesses ? { weaknesses } : {}),
      mapping: `WildBench score ${JSON.stringify(raw)} of session ${id}; ${scaleNote(scale)}`,
    },
  };
};

/** Inspect score values (inspect_ai/scorer/_metric.py): C correct, P partial, I incorrect, N no answer; or 0-1. */
const LETTER_SCORES: Record<string, number> = { C: 5, P: 3, I: 1 };

// An Inspect log's sample scores, one prefill per sample, from the model-graded
// scorer (model_graded_qa / model_graded_fact), else the first scorer that explains itself.
const inspectScores: JudgeParser = (value, line) => {
  const entry = isPlainObject(value) && isPlainObject(value.sample) ? value : null;
  const sample = entry ? (entry.sample as Record<string, unknown>) : null;
  const header = entry && isPlainObject(entry.inspect_eval) ? entry.inspect_eval : {};
  if (!sample)
    return refuse(line, "", "type", "an Inspect eval log (a JSON document with eval and samples) is required");
  if (typeof sample.id !== "string" && typeof sample.id !== "number")
    return refuse(line, "/sample/id", "required", "a sample needs an id");
  const scores = isPlainObject(sample.scores) ? Object.entries(sample.scores) : [];
  const chosen =
    scores.find(([name]) => name.startsWith("model_graded")) ??
    scores.find(([, score]) => isPlainObject(score) && str(score.explanation));
  if (!chosen)
    return refuse(line, "/sample/scores", "noJudgeScore", "the sample has no model-graded score with an explanation");
  const [scorer, score] = chosen as [string, Record<string, unknown>];
  const raw = score.value;
  let mapped: number | string;
  if (typeof raw === "string" && raw in LETTER_SCORES) mapped = LETTER_SCORES[raw]!;
  else if (raw === "N") mapped = `value N: the scorer found no answer to grade`;
  else if (typeof raw === "number" && raw >= 0 && raw <= 1) mapped = Math.round((1 + raw * 4) * 100) / 100;
  else mapped = `value ${JSON.stringify(raw ?? null)} is neither C/P/I nor a fraction in [0, 1]`;
  if (typeof mapped === "string") return refuse(line, `/sample/scores/${scorer}/value`, "unusableScore", mapped);
  const task = str(header.task) ?? "inspect";
  const epoch = typeof sample.epoch === "number" ? sample.epoch : 1;
  const id = String(sample.id);
  const roles =
    isPlainObject(header.model_roles) && isPlainObject(header.model_roles.grader) ? header.model_roles.grader : {};
  return {
    ok: true,
    judgment: {
      match: { ids: [epoch > 1 ? `${task}:${id}:epoch${epoch}` : `${task}:${id}`], systemUnderTest: str(header.model) },
      judge: { model: str(roles.model) ?? `${scorer} (grader model not in the log)`, prompt: scorer },
      score: { value: mapped, source: JSON.stringify(raw) },
      rationale: str(score.explanation) ?? "",
      mapping: `Inspect scorer ${scorer} value ${JSON.stringify(raw)} of sample ${id}; C → 5, P → 3, I → 1, a fraction v in [0, 1] → 1 + 4v (N refused)`,
    },
  };
};

export const JUDGE_PARSERS: Record<Exclude<PrefillFormat, "aif">, JudgeParser> = {
  mt_bench: mtBench,
  arena_hard: arenaHard,
  alpaca_eval: alpacaEval,
  wildbench: wildBench,
  inspect_scores: inspectScores,
};

/** An Inspect log is one document: its samples are judged one by one. */
export const JUDGE_EXPANDERS: Partial<Record<PrefillFormat, (entry: Entry) => Entry[]>> = {
  inspect_scores: expandInspectLog,
};
