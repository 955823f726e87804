// Which records an export or a filtered listing covers. One zod schema is the
// source for parsing query strings, the OpenAPI parameters and the CLI flags.
import { z } from "zod";
import { ITEM_STATUSES } from "@/lib/adjudication/rule";
import { HAZARD_VERDICTS, HAZARDS, LIKERT_DIMENSIONS, PERSON_RATER_TYPES, RATER_TYPES } from "@/lib/aif/contract-facts";
import { NOT_RATED_MARK } from "@/lib/aif/not-rated";
import type { ValidationIssue } from "@/lib/aif/types";
import { AppError } from "@/lib/errors";

const yesNo = z.enum(["true", "false"]).transform((value) => value === "true");
const instant = z.iso.datetime({
  offset: true,
  message: "must be an ISO 8601 date-time with a zone, e.g. 2026-11-01T00:00:00Z",
});

/** `universal.helpfulness:1..3`: a Likert dimension's score within bounds (either may be left out). */
export type ScoreRange = { dimension: string; min: number | null; max: number | null };
const SCORE_RANGE = /^([a-z_.]+):([0-9.]*)\.\.([0-9.]*)$/;

export function parseScoreRange(text: string): ScoreRange | string {
  const match = SCORE_RANGE.exec(text);
  if (!match) return "must read <dimension>:<min>..<max>, e.g. universal.helpfulness:1..3 (a bound may be left out)";
  const [, dimension = "", minText = "", maxText = ""] = match;
  if (!LIKERT_DIMENSIONS.includes(dimension))
    return `unknown dimension ${dimension}; known: ${LIKERT_DIMENSIONS.join(", ")}`;
  const bound = (value: string) => (value === "" ? null : Number(value));
  const min = bound(minText);
  const max = bound(maxText);
  if (min === null && max === null) return "give a minimum, a maximum or both";
  for (const value of [min, max])
    if (value !== null && !(value >= 1 && value <= 5)) return "scores are between 1 and 5";
  if (min !== null && max !== null && min > max) return "the minimum is above the maximum";
  return { dimension, min, max };
}

/** `hate:violating` (a hazard's verdict) or `any:violating` (the roll-up is_violating_any). */
export type HazardCondition = { hazard: string | "any"; verdict: string };

export function parseHazardCondition(text: string): HazardCondition | string {
  const [hazard = "", verdict = "", ...rest] = text.split(":");
  if (rest.length > 0 || !verdict) return "must read <hazard>:<verdict>, e.g. hate:violating or any:violating";
  if (hazard === "any")
    return verdict === "violating" ? { hazard, verdict } : "any: is only followed by violating (is_violating_any)";
  if (!HAZARDS.includes(hazard)) return `unknown hazard ${hazard}; known: any, ${HAZARDS.join(", ")}`;
  if (!HAZARD_VERDICTS.includes(verdict)) return `unknown verdict ${verdict}; known: ${HAZARD_VERDICTS.join(", ")}`;
  return { hazard, verdict };
}

const checked = (parse: (text: string) => object | string) =>
  z
    .string()
    .max(200)
    .superRefine((text, context) => {
      const parsed = parse(text);
      if (typeof parsed === "string") context.addIssue({ code: "custom", message: `${text}: ${parsed}` });
    });

/** Query parameters; repeatable ones (task_id, rater_type) may also be comma-separated. */
export const RecordFilterSchema = z
  .object({
    suite_id: z.string().min(1).max(200).optional().describe("task.suite_id of the records (a suite's key)"),
    task_id: z
      .array(z.string().min(1).max(500))
      .max(1000)
      .optional()
      .describe("task.task_id; repeat or comma-separate for several"),
    rater_type: z
      .array(z.enum(RATER_TYPES as [string, ...string[]]))
      .optional()
      .describe("rater.type; repeat or comma-separate for several"),
    rater_id: z.string().min(1).max(500).optional().describe("rater.id"),
    rater_name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe("a person's display name (any case): the records they rated"),
    system: z.string().min(1).max(500).optional().describe("subject.system_under_test"),
    q: z
      .string()
      .trim()
      .min(2)
      .max(200)
      .optional()
      .describe("text in the rationales, hazard evidence or free-form notes (any part of a word, any case)"),
    score: z
      .array(checked(parseScoreRange))
      .max(50)
      .optional()
      .describe(
        "<dimension>:<min>..<max>, e.g. universal.helpfulness:1..3; repeat for several dimensions (all must hold)",
      ),
    hazard: z
      .array(checked(parseHazardCondition))
      .max(50)
      .optional()
      .describe("<hazard>:<verdict>, e.g. hate:violating, or any:violating; repeat for several (all must hold)"),
    from: instant.optional().describe("created_at at or after this instant"),
    to: instant.optional().describe("created_at before this instant"),
    derived: yesNo.optional().describe("true: only records with derived_from; false: only records without"),
    gold: yesNo.optional().describe("true: only records of gold items of their suite; false: only the others"),
    status: z
      .enum(ITEM_STATUSES)
      .optional()
      .describe(
        "only the records counted for items with this adjudication status in their suite (with suite_id: in that suite); SMEs and admins only (403 for others)",
      ),
  })
  .strict()
  .refine((filter) => !filter.from || !filter.to || Date.parse(filter.from) < Date.parse(filter.to), {
    message: "from must be before to",
    path: ["to"],
  });

export type RecordFilter = z.output<typeof RecordFilterSchema>;
export const RECORD_FILTER_KEYS = [
  "suite_id",
  "task_id",
  "rater_type",
  "rater_id",
  "rater_name",
  "system",
  "q",
  "score",
  "hazard",
  "from",
  "to",
  "derived",
  "gold",
  "status",
] as const;
const REPEATABLE = new Set(["task_id", "rater_type", "score", "hazard"]);

/**
 * Reads the filter from query parameters; `ignore` names parameters that belong
 * to the caller (format, cursor). Throws INVALID_INPUT naming each bad one.
 */
export function parseRecordFilter(params: URLSearchParams, ignore: readonly string[] = []): RecordFilter {
  const raw: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  for (const key of new Set(params.keys())) {
    if (ignore.includes(key)) continue;
    const values = params.getAll(key);
    if (REPEATABLE.has(key))
      raw[key] = values
        .flatMap((value) => value.split(","))
        .map((value) => value.trim())
        .filter(Boolean);
    else if (values.length > 1) issues.push({ path: `/${key}`, rule: "single", message: `${key} may be given once` });
    else raw[key] = values[0];
  }
  const parsed = RecordFilterSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const unknownKeys = issue.code === "unrecognized_keys" ? issue.keys : [];
      if (unknownKeys.length > 0) {
        for (const key of unknownKeys)
          issues.push({
            path: `/${key}`,
            rule: "unknownParameter",
            message: `unknown filter; known: ${[...RECORD_FILTER_KEYS, ...ignore].join(", ")}`,
          });
      } else {
        issues.push({ path: `/${issue.path.join("/")}`, rule: issue.code, message: issue.message });
      }
    }
  }
  if (issues.length > 0 || !parsed.success) throw new AppError("INVALID_INPUT", "The filter is not valid", issues);
  return parsed.data;
}

/** The filter as query parameters (for links, the CLI and the manifest). */
export function recordFilterParams(filter: RecordFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of RECORD_FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.set(key, String(value));
  }
  return params;
}

/**
 * What "a record of a gold item" means, for every reader of the filter: the
 * suite named by the record's task.suite_id marks the item with the record's
 * task.task_id as gold.
 */
export const GOLD_TASKS_SQL = `SELECT s.key AS suite_key, i.task_id FROM suite s
  JOIN suite_item si ON si.suite_id = s.id JOIN item i ON i.id = si.item_id WHERE si.is_gold`;

/**
 * The suite items a `status` filter covers. An item's status is computed from
 * its ratings (lib/adjudication), so it is resolved before the SQL is built.
 */
export type StatusItems = { suiteIds: string[]; itemIds: string[] };

/** The rater types whose rater.id is a user (app_user.id): the partial index eval_record_person_rater_idx's condition. */
export const PERSON_RATER_TYPES_SQL = `(${PERSON_RATER_TYPES.map((type) => `'${type}'`).join(", ")})`;

/** subject.system_under_test of a record aliased `r`: the expression of the index eval_record_system_idx. */
export const SYSTEM_SQL = `(r.body #>> '{subject,system_under_test}')`;

/** A Likert dimension's score of a record aliased `r` (NULL when not rated). The dimension is a contract fact. */
export function scoreSql(dimension: string): string {
  if (!LIKERT_DIMENSIONS.includes(dimension)) throw new Error(`not a Likert dimension: ${dimension}`);
  return `(r.body #>> '{${dimension.split(".").join(",")},score}')::float8`;
}

/** The dimension is marked not rated (lib/aif/not-rated.ts): its `score` is a placeholder, never a score. */
function notRatedSql(dimension: string): string {
  if (!LIKERT_DIMENSIONS.includes(dimension)) throw new Error(`not a Likert dimension: ${dimension}`);
  return `(r.body #>> '{${dimension.split(".").join(",")},anchors_used}') IS NOT DISTINCT FROM '${NOT_RATED_MARK}'`;
}

/** The score a listing shows: NULL when the dimension is absent or marked not rated. */
export function shownScoreSql(dimension: string): string {
  return `(CASE WHEN ${notRatedSql(dimension)} THEN NULL ELSE ${scoreSql(dimension)} END)`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The filter as SQL over eval_record aliased `r`, with its parameters numbered from `firstParam`. */
export function recordFilterSql(
  filter: RecordFilter,
  firstParam = 1,
  statusItems?: StatusItems,
): { where: string; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${firstParam + values.length - 1}`;
  };
  if (filter.suite_id !== undefined) clauses.push(`r.suite_id = ${param(filter.suite_id)}`);
  if (filter.task_id?.length) clauses.push(`r.task_id = ANY(${param(filter.task_id)}::text[])`);
  if (filter.rater_type?.length) clauses.push(`r.rater_type = ANY(${param(filter.rater_type)}::text[])`);
  if (filter.rater_id !== undefined) clauses.push(`r.rater_id = ${param(filter.rater_id)}`);
  if (filter.rater_name !== undefined)
    // Display names are unique in any case (app_user_name_lower_key): one id, and the index
    // eval_record_person_rater_idx reads that person's records newest first.
    clauses.push(
      `r.rater_type IN ${PERSON_RATER_TYPES_SQL} AND r.rater_id = (SELECT u.id FROM app_user u WHERE lower(u.name) = lower(${param(filter.rater_name)}))`,
    );
  if (filter.system !== undefined) clauses.push(`${SYSTEM_SQL} = ${param(filter.system)}`);
  if (filter.q !== undefined)
    // search_text: generated from the body, trigram-indexed (eval_record_search_trgm_idx).
    clauses.push(`r.search_text ILIKE ${param(`%${escapeLike(filter.q)}%`)}`);
  for (const text of filter.score ?? []) {
    const range = parseScoreRange(text) as ScoreRange;
    // coalesce(score, 0) is the expression of the score indexes (and their statistics): with
    // the lower bound at least 1 a record without the score never matches.
    const score = `coalesce(${scoreSql(range.dimension)}, 0)`;
    // A placeholder's score never falls in a range (the score index still serves the bounds).
    clauses.push(
      `${score} >= ${param(range.min ?? 1)}::float8`,
      `${score} <= ${param(range.max ?? 5)}::float8`,
      `NOT ${notRatedSql(range.dimension)}`,
    );
  }
  for (const text of filter.hazard ?? []) {
    const condition = parseHazardCondition(text) as HazardCondition;
    clauses.push(
      condition.hazard === "any"
        ? `(r.body #>> '{safety,is_violating_any}') = 'true'`
        : // The hazard is one of the contract's names (checked above), safe inside the path literal.
          `(r.body #>> '{safety,${condition.hazard},verdict}') = ${param(condition.verdict)}`,
    );
  }
  if (filter.from !== undefined) clauses.push(`r.created_at >= ${param(filter.from)}::timestamptz`);
  if (filter.to !== undefined) clauses.push(`r.created_at < ${param(filter.to)}::timestamptz`);
  if (filter.derived !== undefined)
    clauses.push(filter.derived ? "r.derived_from IS NOT NULL" : "r.derived_from IS NULL");
  if (filter.gold !== undefined) {
    const gold = `(r.suite_id IS NOT NULL AND (r.suite_id, r.task_id) IN (${GOLD_TASKS_SQL}))`;
    clauses.push(filter.gold ? gold : `NOT ${gold}`);
  }
  if (filter.status !== undefined) {
    if (!statusItems) throw new Error("the status filter must be resolved first (lib/adjudication/status-filter.ts)");
    // The records the suite counts for those items (ratings, and the authoritative records).
    clauses.push(`r.eval_id IN (SELECT sr.eval_id FROM suite_record sr
      JOIN unnest(${param(statusItems.suiteIds)}::uuid[], ${param(statusItems.itemIds)}::uuid[]) AS s(suite_id, item_id)
        ON sr.suite_id = s.suite_id AND sr.item_id = s.item_id)`);
  }
  return { where: clauses.length > 0 ? clauses.join(" AND ") : "TRUE", values };
}
