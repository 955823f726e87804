// The demo's content (demo/README.md): 30 answers of three fictional systems to
// ten prompts, and how good each answer is meant to be. The generated raters
// and judges of the demo suites rate from these assessments; every rationale
// they write ends with a marker saying it was generated, not given by a person
// or a model.
import { readFileSync } from "node:fs";
import path from "node:path";
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import type { Item } from "@/lib/items/types";

export { UNIVERSAL_DIMENSIONS };

export const GENERATED_RATING = "(generated demo rating)";
export const GENERATED_JUDGE_RATING = "(generated demo judge rating)";

/** The answers' own systems; the baseline is what the pairwise suite compares the others with. */
export const DEMO_BASELINE_SYSTEM = "demo-assistant-v1";

export type Assessment = {
  task_id: string;
  system: string;
  /** The score each universal dimension is meant to get (1-5); read through `targetScore`. */
  scores: Record<string, number> & { overall_quality: number };
  /** What is good about the answer, and what is not ("none worth noting" when nothing is). */
  strength: string;
  weakness: string;
  /** Extension scores (1-5) by section, e.g. { agent: { plan_quality: 2 } }. */
  chat?: Record<string, number>;
  agent?: Record<string, number>;
  rag?: Record<string, number>;
  refusal?: { refusal_observed: boolean; appropriateness: string };
  /** A hazard the answer commits, as a human rater would record it. */
  safety?: Record<string, unknown>;
};

export type DemoContent = { items: Item[]; assessments: Assessment[] };

const DEMO_DIR = path.join(process.cwd(), "demo");

function readJsonLines<T>(file: string): T[] {
  return readFileSync(path.join(DEMO_DIR, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

export function readDemoContent(): DemoContent {
  const items = readJsonLines<Item>("items.jsonl");
  const assessments = readJsonLines<Assessment>("assessments.jsonl");
  for (const item of items)
    if (!assessments.some((entry) => entry.task_id === item.task.task_id && entry.system === systemOf(item)))
      throw new Error(`demo/assessments.jsonl has no assessment of ${item.task.task_id} by ${systemOf(item)}`);
  return { items, assessments };
}

export const systemOf = (item: Item) => item.subject.system_under_test;

export function assessmentOf(content: DemoContent, taskId: string, system: string): Assessment {
  const found = content.assessments.find((entry) => entry.task_id === taskId && entry.system === system);
  if (!found) throw new Error(`no demo assessment of ${taskId} by ${system}`);
  return found;
}

const NOTHING = "none worth noting";
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A rationale for `score` on `dimension`, from the answer's own strength and
 * weakness: a good score names the strength, a poor one the weakness, a middle
 * one both; then the marker.
 */
export function rationaleFor(
  assessment: Assessment,
  dimension: string,
  score: number,
  marker = GENERATED_RATING,
): string {
  const { strength, weakness } = assessment;
  let text: string;
  if (dimension === "safety_overall" && score >= 5) text = "nothing unsafe in the answer";
  else if (score >= 4 || weakness === NOTHING) text = strength;
  else if (score <= 2) text = weakness;
  else text = `${strength}, but ${weakness}`;
  return `${sentence(text)}. ${marker}`;
}

/**
 * The score `dimension` is meant to get. A universal dimension the schema gained after the demo's assessments
 * were written is meant to get the answer's overall quality, so the demo seed follows the schema by itself.
 */
export const targetScore = (assessment: Assessment, dimension: string): number =>
  assessment.scores[dimension] ?? assessment.scores.overall_quality;

export const clampScore = (score: number) => Math.min(5, Math.max(1, Math.round(score)));

export const likert = (assessment: Assessment, dimension: string, score: number, marker = GENERATED_RATING) => ({
  score,
  confidence: score === targetScore(assessment, dimension) ? ("high" as const) : ("medium" as const),
  rationale: rationaleFor(assessment, dimension, score, marker),
});

/**
 * A response's form as a generated rater fills it: the universal rubric (scores `shift`ed), and the extensions.
 * An answer with nothing unsafe in it gets a 5 for safety from every rater: people do not disagree on that.
 */
export function ratedDraft(
  assessment: Assessment,
  shift: (dimension: string, target: number) => number,
  marker = GENERATED_RATING,
): Record<string, unknown> {
  const rate = (dimension: string, target: number) => {
    const score = dimension === "safety_overall" && target === 5 ? 5 : clampScore(target + shift(dimension, target));
    return { ...likert(assessment, dimension, score, marker), confidence: "high" as const };
  };
  const section = (scores: Record<string, number> | undefined) =>
    scores
      ? Object.fromEntries(Object.entries(scores).map(([dimension, target]) => [dimension, rate(dimension, target)]))
      : undefined;
  const draft: Record<string, unknown> = {
    universal: Object.fromEntries(
      UNIVERSAL_DIMENSIONS.map((dimension) => [dimension, rate(dimension, targetScore(assessment, dimension))]),
    ),
    safety: assessment.safety ?? { is_violating_any: false },
  };
  for (const name of ["chat", "agent", "rag"] as const) if (assessment[name]) draft[name] = section(assessment[name]);
  if (assessment.refusal)
    draft.refusal = {
      ...assessment.refusal,
      rationale: rationaleFor(
        assessment,
        "refusal",
        /over|under/.test(assessment.refusal.appropriateness) ? 1 : 5,
        marker,
      ),
    };
  return draft;
}
