// What an SME did with each field of a judge's record: accepted it as is,
// edited it (changed or cleared), or added a value the judge left empty. Pure,
// so the review page can count changes live with the same rules the server stores.
import { isPlainObject } from "@/lib/is-plain-object";
import { JUDGED_SECTIONS } from "@/lib/aif/contract-facts";
import { isNotRated } from "@/lib/aif/not-rated";

export type FieldDecisionKind = "accepted" | "edited" | "added";
export type FieldDecision = { path: string; decision: FieldDecisionKind; judgeValue: unknown; finalValue: unknown };

/** The parts of a record that hold judgments (task, subject, rater and ids are context). */
export const JUDGMENT_SECTIONS = JUDGED_SECTIONS;

// Derived from the hazards, so a change there is not a decision of its own.
const DERIVED_PATHS = new Set(["/safety/is_violating_any"]);

function escapePointer(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Equality of JSON values (key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((value, index) => sameJson(value, b[index]))
    );
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
}

/** JSON Pointer → value of every leaf; arrays are leaves (a tag list is one decision); a field marked not rated has none. */
export function judgmentLeaves(record: Record<string, unknown>): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  const walk = (value: unknown, path: string) => {
    if (isNotRated(value)) return;
    if (isPlainObject(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, `${path}/${escapePointer(key)}`);
    } else if (value !== undefined && value !== null && !DERIVED_PATHS.has(path)) {
      leaves.set(path, value);
    }
  };
  for (const section of JUDGMENT_SECTIONS) if (section in record) walk(record[section], `/${section}`);
  return leaves;
}

/** The judgment sections of a record: where a review starts. */
export function judgmentOf(record: Record<string, unknown>): Record<string, unknown> {
  const judgment: Record<string, unknown> = {};
  for (const section of JUDGMENT_SECTIONS) if (record[section] !== undefined) judgment[section] = record[section];
  return judgment;
}

// Lists of strings (tags, modalities, flagged claims) are sets: reordering is not a change.
function asSet(value: unknown): unknown {
  return Array.isArray(value) && value.every((entry) => typeof entry === "string") ? [...value].sort() : value;
}

/** Whether a field still holds the judge's value (the rule behind "accepted"). */
export function sameJudgedValue(judgeValue: unknown, value: unknown): boolean {
  return sameJson(asSet(judgeValue), asSet(value));
}

function isLikert(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && "score" in value;
}

/**
 * Where an SME's review starts: the judge's judgment without the judge's
 * Likert rationales. Those stay beside each field; the SME's record holds
 * them only when the SME takes them ("Use the judge's rationale"). A field
 * the judge did not rate starts empty: the SME rates it (an "added" decision).
 */
export function withoutJudgeRationales<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutJudgeRationales) as T;
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "rationale" && "score" in value) continue;
    if (isNotRated(child)) continue;
    copy[key] = withoutJudgeRationales(child);
  }
  return copy as T;
}

/** A judge's Likert rationale the SME did not take: not a decision of theirs (neither accepted nor edited). */
function notAdoptedRationale(path: string, judge: Record<string, unknown>, finalValue: unknown): boolean {
  if (finalValue !== undefined || !path.endsWith("/rationale")) return false;
  const parent = path
    .split("/")
    .slice(1, -1)
    .reduce<unknown>(
      (node, key) => (isPlainObject(node) ? node[key.replaceAll("~1", "/").replaceAll("~0", "~")] : undefined),
      judge,
    );
  return isLikert(parent);
}

/** The judge's value with its rationale left out when the SME's Likert has none (the mark's "unchanged"). */
export function judgeValueAsShown(judgeValue: unknown, value: unknown): unknown {
  if (!isLikert(judgeValue) || (isPlainObject(value) && value.rationale !== undefined)) return judgeValue;
  const { rationale: _rationale, ...rest } = judgeValue;
  return rest;
}

/** One decision per field set on either side, in pointer order. */
export function fieldDecisions(judge: Record<string, unknown>, final: Record<string, unknown>): FieldDecision[] {
  const before = judgmentLeaves(judge);
  const after = judgmentLeaves(final);
  const paths = [...new Set([...before.keys(), ...after.keys()])]
    .filter((path) => !notAdoptedRationale(path, judge, after.get(path)))
    .sort();
  return paths.map((path) => {
    const judgeValue = before.get(path);
    const finalValue = after.get(path);
    const decision: FieldDecisionKind =
      judgeValue === undefined ? "added" : sameJudgedValue(judgeValue, finalValue) ? "accepted" : "edited";
    return { path, decision, judgeValue: judgeValue ?? null, finalValue: finalValue ?? null };
  });
}
