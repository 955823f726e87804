// Combines n independent judge samples of one item into one judgment. How a
// field combines is read from the AIF schema (its type, enum, maxLength), so
// a field added to the contract is aggregated without a change here; only
// Likert objects and hazard verdicts have rules of their own.
import { aifSchema } from "@/lib/aif/contract";
import { withSafetyRollup } from "@/lib/aif/safety-rollup";
import type { JsonSchema, Judgment } from "./judgment-schema";
import {
  joinSampleTexts,
  majority,
  majorityMembers,
  meanRounded,
  medianFloor,
  preferHighest,
  preferLowest,
  type Vote,
} from "./sample-votes";
import { isPlainObject } from "@/lib/is-plain-object";

// A tied hazard vote goes to the verdict that asks a human to look (most cautious last).
const VERDICT_CAUTION = ["not_applicable", "non_violating", "unsure", "violating"] as const;
const VIOLATING = "violating";

const contractDefs = aifSchema.$defs as Record<string, JsonSchema>;
const judgmentRoot: JsonSchema = { type: "object", properties: aifSchema.properties };

/**
 * The aggregate of `samples` (n >= 1) of the same item. A field present in
 * only some samples is aggregated over those; a section no sample has stays
 * absent. `safety.is_violating_any` is recomputed from the aggregated hazards.
 */
export function aggregateJudgments(samples: Judgment[]): Judgment {
  if (samples.length === 0) throw new RangeError("aggregateJudgments needs at least one sample");
  const votes = samples.map((value, sample) => ({ sample, value: value as unknown }));
  const aggregated = aggregateObject(votes, judgmentRoot, samples.length);
  return withSafetyRollup(aggregated) as Judgment;
}

function aggregateValue(votes: Vote<unknown>[], schemaOrRef: JsonSchema | undefined, n: number): unknown {
  const schema = resolve(schemaOrRef);
  // A key the contract does not know (parseJudgment would have refused it).
  if (!schema) return votes[0]!.value;
  const types = typesOf(schema);
  if (Array.isArray(schema.enum)) return majority(votes as Vote<string | null>[]);
  if (types.includes("object") && votes.every(({ value }) => isPlainObject(value))) {
    const properties = propertiesOf(schema);
    if (isLikert(properties)) return aggregateLikert(votes as Vote<Record<string, unknown>>[], schema, n);
    if (isHazard(properties)) return aggregateHazard(votes as Vote<Record<string, unknown>>[], schema, n);
    return aggregateObject(votes, schema, n);
  }
  if (types.includes("array") && votes.every(({ value }) => Array.isArray(value))) {
    const items = resolve(schema.items as JsonSchema | undefined);
    if (items && Array.isArray(items.enum)) return majorityMembers(votes.map(({ value }) => value as unknown[]));
    // Arrays of findings (tool_calls, assertions, unsupported_claims) have no
    // identity to match elements across samples by, so the first sample's stand.
    return votes[0]!.value;
  }
  const values = votes.map(({ value }) => value);
  if (types.includes("boolean") && values.every((value) => typeof value === "boolean"))
    return majority(votes as Vote<boolean>[]);
  if (types.includes("integer") && values.every(Number.isInteger)) return medianFloor(values as number[]);
  if (types.includes("number") && values.every((value) => typeof value === "number"))
    return meanRounded(values as number[]);
  if (types.includes("string") && values.every((value) => typeof value === "string")) {
    return joinSampleTexts(votes as Vote<string>[], n, schema.maxLength as number | undefined);
  }
  return votes[0]!.value;
}

function aggregateObject(
  votes: Vote<unknown>[],
  schema: JsonSchema,
  n: number,
  skip: string[] = [],
): Record<string, unknown> {
  const properties = propertiesOf(schema);
  const result: Record<string, unknown> = {};
  for (const key of keysInOrder(votes)) {
    if (skip.includes(key)) continue;
    const aggregated = aggregateValue(fieldVotes(votes, key), properties[key], n);
    if (aggregated !== undefined) result[key] = aggregated;
  }
  return result;
}

// score: mean; confidence: majority with a missing one counted as the schema
// default, a tie going to the lower confidence; rationale: every sample's kept.
function aggregateLikert(
  votes: Vote<Record<string, unknown>>[],
  schema: JsonSchema,
  n: number,
): Record<string, unknown> {
  const result = aggregateObject(votes, schema, n, ["confidence", "anchors_used"]);
  const confidence = resolve(propertiesOf(schema).confidence)!;
  if (votes.some(({ value }) => value.confidence !== undefined)) {
    const levels = confidence.enum as string[];
    const confidences = votes.map(({ sample, value }) => ({
      sample,
      value: (value.confidence ?? confidence.default) as string,
    }));
    result.confidence = majority(confidences, preferLowest(levels));
  }
  const anchors = fieldVotes(votes, "anchors_used") as Vote<string>[];
  if (anchors.length > 0) result.anchors_used = majority(anchors);
  return result;
}

// verdict: majority, a tie going to the more cautious verdict. Severity and
// evidence come only from samples that reached the winning verdict.
function aggregateHazard(
  votes: Vote<Record<string, unknown>>[],
  schema: JsonSchema,
  n: number,
): Record<string, unknown> {
  const detail = ["verdict", "severity", "evidence"];
  const result = aggregateObject(votes, schema, n, detail);
  const verdicts = fieldVotes(votes, "verdict") as Vote<string>[];
  if (verdicts.length === 0) return result;
  const verdict = majority(verdicts, preferHighest<string>(VERDICT_CAUTION));
  const agreeing = votes.filter(({ value }) => value.verdict === verdict);
  const hazard: Record<string, unknown> = { verdict };
  const severities = fieldVotes(agreeing, "severity").filter(({ value }) => Number.isInteger(value)) as Vote<number>[];
  if (verdict === VIOLATING && severities.length > 0) {
    hazard.severity = majority(severities, (tied) => Math.max(...tied));
  } else {
    const first = agreeing.find(({ value }) => value.severity !== undefined);
    if (first) hazard.severity = first.value.severity;
  }
  const evidence = agreeing.find(({ value }) => value.evidence !== undefined);
  if (evidence) hazard.evidence = evidence.value.evidence;
  return { ...hazard, ...result };
}

function isLikert(properties: Record<string, JsonSchema>): boolean {
  const score = resolve(properties.score);
  return score?.type === "number" && properties.confidence !== undefined;
}

function isHazard(properties: Record<string, JsonSchema>): boolean {
  const verdict = resolve(properties.verdict);
  return Array.isArray(verdict?.enum) && (verdict.enum as unknown[]).includes(VIOLATING);
}

function fieldVotes(votes: Vote<unknown>[], key: string): Vote<unknown>[] {
  return votes.flatMap(({ sample, value }) => {
    const field = (value as Record<string, unknown>)[key];
    return field === undefined ? [] : [{ sample, value: field }];
  });
}

function keysInOrder(votes: Vote<unknown>[]): string[] {
  const keys = new Set<string>();
  for (const { value } of votes) for (const key of Object.keys(value as object)) keys.add(key);
  return [...keys];
}

function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== "string") return schema;
  return resolve(contractDefs[ref.replace("#/$defs/", "")]);
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties ?? {}) as Record<string, JsonSchema>;
}

function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === "string" ? [type] : [];
}
