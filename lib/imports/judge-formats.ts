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
  match: { ids: string[]; prompt?: string; systemUnderTest?: string; unmatchedHint?: string };
  judge: { model: string; prompt?: string; version?: string };
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
/** What the admin says at upload: the scale mapping, the judge when the file does not name it, the judging scorers. */
export type JudgeReadOptions = {
  scale: ScaleMapping;
  /** The judge model, for files that do not name it (WildBench names it only in its folder). */
  judgeModel?: string;
  /** The judge's version (a model snapshot, a prompt revision), kept in rater.version. */
  judgeVersion?: string;
  /** Inspect scorers the admin names as model-graded, beside model_graded_qa / model_graded_fact. */
  scorers?: readonly string[];
};
type JudgeParser = (value: unknown, line: number, options: JudgeReadOptions) => JudgmentVerdict;

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

/**
 * Who judged: the model the source names, else the one the admin gave at upload, else a refusal —
 * never "unknown", which would label a judgment with no judge.
 */
function judgeOf(
  named: string | undefined,
  options: JudgeReadOptions,
  line: number,
  field: string,
  prompt?: string,
): Judgment["judge"] | JudgmentVerdict {
  const model = named ?? options.judgeModel;
  if (!model)
    return refuse(
      line,
      field,
      "judgeModel",
      "the file does not name the judge model: give it at upload (judge_model on the API, --judge-model on the command line, Judge model on the upload page)",
    );
  return {
    model,
    ...(prompt ? { prompt } : {}),
    ...(options.judgeVersion ? { version: options.judgeVersion } : {}),
  };
}
const isRefusal = (value: Judgment["judge"] | JudgmentVerdict): value is JudgmentVerdict => "ok" in value;

/**
 * The task id (or its part after the last ":") of the item holding an MT-Bench question's second
 * turn: `mt_bench:81-turn2` for question 81. A turn-2 judgment matches only such an item, and is
 * refused when the suite has none (it would otherwise be a second judge rating of the turn-1 item).
 */
export const mtBenchTurn2Id = (questionId: string): string => `${questionId}-turn2`;

// FastChat fastchat/llm_judge/common.py play_a_match_single: {question_id, model,
// judge: [judge_model, prompt_name], user_prompt, judgment, score, turn, tstamp}.
const mtBench: JudgeParser = (value, line, options) => {
  if (!isPlainObject(value)) return refuse(line, "", "type", "each line must be a JSON object (an MT-Bench judgment)");
  if (typeof value.question_id !== "number" && typeof value.question_id !== "string")
    return refuse(line, "/question_id", "required", "question_id is required");
  const model = str(value.model);
  if (!model) return refuse(line, "/model", "required", "model (the model judged) is required");
  if (value.judgment === "$ERROR$")
    return refuse(line, "/judgment", "judgeError", "the judgment is $ERROR$: the judge's API call failed");
  const scale = options.scale;
  const score = mapTenPoint(value.score, scale);
  if (typeof score === "string") return refuse(line, "/score", "unusableScore", score);
  const named = Array.isArray(value.judge) ? value.judge : [];
  const judge = judgeOf(str(named[0]), options, line, "/judge/0", str(named[1]));
  if (isRefusal(judge)) return judge;
  const turn = typeof value.turn === "number" ? value.turn : 1;
  if (turn !== 1 && turn !== 2)
    return refuse(line, "/turn", "enum", `turn ${turn} is not 1 or 2 (MT-Bench has two turns)`);
  const question = String(value.question_id);
  return {
    ok: true,
    judgment: {
      // A turn-2 judgment rates the second answer: its own item (TURN_2_ID), never the turn-1 item.
      match: {
        ids: [turn === 2 ? mtBenchTurn2Id(question) : question],
        systemUnderTest: model,
        ...(turn === 2
          ? {
              unmatchedHint: `a turn-2 judgment rates the second answer, so it is not put on question ${question}'s turn-1 item; import the second turn as an item with task id ending in ":${mtBenchTurn2Id(question)}"`,
            }
          : {}),
      },
      judge,
      score,
      rationale: str(value.judgment) ?? "",
      mapping: `MT-Bench single-answer judgment of question ${question}, turn ${turn}; source score ${score.source}/10; ${scaleNote(scale)}`,
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
const arenaHard: JudgeParser = (value, line, options) => {
  const scale = options.scale;
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
  const judge = judgeOf(str(value.judge), options, line, "/judge");
  if (isRefusal(judge)) return judge;
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
const alpacaEval: JudgeParser = (value, line, options) => {
  if (!isPlainObject(value))
    return refuse(line, "", "type", "each entry must be a JSON object (an AlpacaEval annotation)");
  const instruction = str(value.instruction);
  if (!instruction) return refuse(line, "/instruction", "required", "instruction is required (it finds the item)");
  const model = str(value.generator_2);
  if (!model) return refuse(line, "/generator_2", "required", "generator_2 (the model judged) is required");
  const p = value.preference;
  if (typeof p !== "number" || !Number.isFinite(p))
    return refuse(line, "/preference", "unusablePreference", `preference ${JSON.stringify(p ?? null)} is not a number`);
  if (p !== 0 && (p < 1 || p > 2))
    return refuse(line, "/preference", "unusablePreference", `preference ${p} is outside [1, 2] (or 0, a draw)`);
  const judge = judgeOf(str(value.annotator), options, line, "/annotator");
  if (isRefusal(judge)) return judge;
  // 0: the annotator named neither output; AlpacaEval's metrics count it as a draw (metrics/helpers.py), so do we.
  const vs = p === 0 ? "equivalent" : preferenceToVsReference(p);
  const read =
    p === 0
      ? "0 = a draw (the annotator named neither output; AlpacaEval's metrics count it as half a win)"
      : `${p} (1 = reference ${String(value.generator_1 ?? "output_1")} preferred, 2 = ${model} preferred; fractional = weighted)`;
  const { text, kind } = alpacaRationale(value.raw_completion);
  return {
    ok: true,
    judgment: {
      match: { ids: [], prompt: instruction, systemUnderTest: model },
      judge,
      vsReference: { value: vs, source: String(p) },
      rationale: text,
      mapping: `AlpacaEval preference ${read} → vs_reference ${vs} (below 1.33 worse, above 1.67 better, else equivalent); raw_completion read as ${kind}; no Likert score in the source`,
    },
  };
};

// WildBench eval_results/…/score.v2/eval=<judge>/<model>.json: [{session_id,
// parsed_result: {strengths, weaknesses, score}, meta_data, model_test, score, …}]
// with scores as strings "1"-"10". The judge is in the folder name, not the entry.
const wildBench: JudgeParser = (value, line, options) => {
  const scale = options.scale;
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
  const judge = judgeOf(str(value.judge) ?? str(value.eval_model), options, line, "/judge");
  if (isRefusal(judge)) return judge;
  return {
    ok: true,
    judgment: {
      match: { ids: [id], ...(model ? { systemUnderTest: model } : {}) },
      judge,
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

/**
 * Inspect's built-in scorers that grade by rule, not by a model (inspect_ai/scorer/__init__.py:
 * answer, choice, exact, f1, includes, match, math, pattern, perplexity, target_perplexity).
 * Their explanation is the model's own answer text, so "explains itself" is no sign of a judge.
 */
export const RULE_BASED_INSPECT_SCORERS: ReadonlySet<string> = new Set([
  "answer",
  "choice",
  "exact",
  "f1",
  "includes",
  "match",
  "math",
  "pattern",
  "perplexity",
  "target_perplexity",
]);
/** A scorer name as the log writes it may carry its package (`inspect_evals/…`): the part after the last "/". */
const scorerBaseName = (name: string): string => name.slice(name.lastIndexOf("/") + 1);
const isModelGraded = (name: string): boolean => scorerBaseName(name).startsWith("model_graded");

// An Inspect log's sample scores, one prefill per sample, from a model-graded scorer only:
// model_graded_qa / model_graded_fact, or a custom scorer the admin names as model-graded at upload.
// A rule-based scorer (RULE_BASED_INSPECT_SCORERS) is never read as an llm_judge, even when named.
const inspectScores: JudgeParser = (value, line, options) => {
  const entry = isPlainObject(value) && isPlainObject(value.sample) ? value : null;
  const sample = entry ? (entry.sample as Record<string, unknown>) : null;
  const header = entry && isPlainObject(entry.inspect_eval) ? entry.inspect_eval : {};
  if (!sample)
    return refuse(line, "", "type", "an Inspect eval log (a JSON document with eval and samples) is required");
  if (typeof sample.id !== "string" && typeof sample.id !== "number")
    return refuse(line, "/sample/id", "required", "a sample needs an id");
  const scores = isPlainObject(sample.scores) ? Object.entries(sample.scores) : [];
  const named = new Set(options.scorers ?? []);
  const ruleBasedNamed = scores.find(
    ([name]) => named.has(name) && RULE_BASED_INSPECT_SCORERS.has(scorerBaseName(name)),
  );
  if (ruleBasedNamed)
    return refuse(
      line,
      `/sample/scores/${ruleBasedNamed[0]}`,
      "ruleBasedScorer",
      `${ruleBasedNamed[0]} is one of Inspect's rule-based scorers (it compares the answer with the target; no model judges), so it is not read as an LLM judge`,
    );
  const chosen = scores.find(([name]) => isModelGraded(name) || named.has(name));
  if (!chosen) {
    const names = scores.map(([name]) => name);
    return refuse(
      line,
      "/sample/scores",
      "noJudgeScore",
      `the sample has no model-graded score (model_graded_qa, model_graded_fact, or a scorer named as model-graded at upload)${names.length > 0 ? `; its scorers ${names.join(", ")} are rule-based or not named` : ""}`,
    );
  }
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
      judge: {
        model: str(roles.model) ?? options.judgeModel ?? `${scorer} (grader model not in the log)`,
        prompt: scorer,
        ...(options.judgeVersion ? { version: options.judgeVersion } : {}),
      },
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
