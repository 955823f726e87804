// The records browser: one page of records under the record filter, in any of
// a few orders, by keyset (never OFFSET), with the rater's name, the suite's
// name and a score per Likert dimension. One SQL statement on the raw pool: it
// must answer within 100 ms over hundreds of thousands of records (bench/records-browser.ts).
import "server-only";
import { z } from "zod";
import { resolveStatusFilter } from "@/lib/adjudication/status-filter";
import { LIKERT_DIMENSIONS, PERSON_RATER_TYPES, UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import type { Actor } from "@/lib/auth/actor";
import { authorize, can } from "@/lib/auth/authorize";
import { PERMISSIONS } from "@/lib/auth/permissions";
import { appPool, db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import {
  PERSON_RATER_TYPES_SQL,
  recordFilterSql,
  scoreSql,
  shownScoreSql,
  SYSTEM_SQL,
  type RecordFilter,
} from "@/lib/export/record-filter";
import { isUuid } from "@/lib/ids";
import { withheldSql } from "./withheld";

/**
 * The orders a page can be read in; `-` first means descending. Scores of the
 * universal dimensions only: each has an index in this order (migration
 * 20261126400000_records_browser, tied by browse.db.test.ts).
 */
const SORT_KEYS = [
  "created_at",
  "task_id",
  "suite_id",
  ...UNIVERSAL_DIMENSIONS.map((name) => `score:universal.${name}`),
];
export const RECORD_SORTS = SORT_KEYS.flatMap((key) => [`-${key}`, key]);
export const DEFAULT_RECORD_SORT = "-created_at";
export const RecordSortSchema = z
  .enum(RECORD_SORTS as [string, ...string[]])
  .default(DEFAULT_RECORD_SORT)
  .describe("order: created_at, task_id, suite_id or score:<dimension>; a leading - for descending");

export type BrowsedRecord = {
  evalId: string;
  createdAt: Date;
  raterType: string;
  raterId: string | null;
  /** The person's display name; null for judges and share-link visitors. */
  raterName: string | null;
  raterModel: string | null;
  raterVersion: string | null;
  taskId: string;
  suiteId: string | null;
  suiteName: string | null;
  /** subject.system_under_test; null while withheld (`systemWithheld`). */
  system: string | null;
  /** One's own pairwise record of an open suite: its system is not served (lib/records/withheld.ts). */
  systemWithheld: boolean;
  derivedFrom: string | null;
  /** One per LIKERT_DIMENSIONS entry, in that order; null when the record does not rate it. */
  scores: (number | null)[];
  violating: boolean;
};
export type BrowsePage = { records: BrowsedRecord[]; nextCursor: string | null };

type SortPlan = { key: string; cast: string; descending: boolean };

// Every key is NOT NULL (a record without that score sorts as 0, a record
// without a suite as ""), so a row comparison pages through them all.
function sortPlan(sort: string): SortPlan {
  const descending = sort.startsWith("-");
  const name = descending ? sort.slice(1) : sort;
  if (name === "created_at") return { key: "r.created_at", cast: "timestamptz", descending };
  if (name === "task_id") return { key: "r.task_id", cast: "text", descending };
  if (name === "suite_id") return { key: "coalesce(r.suite_id, '')", cast: "text", descending };
  return { key: `coalesce(${scoreSql(name.slice("score:".length))}, 0)`, cast: "float8", descending };
}

// The cursor names its order, so a cursor of another order is refused rather than misread.
function encodeCursor(sort: string, value: string, evalId: string): string {
  return Buffer.from(JSON.stringify([sort, value, evalId])).toString("base64url");
}

function decodeCursor(cursor: string, sort: string): { value: string; evalId: string } {
  const invalid = new AppError(
    "BAD_REQUEST",
    "The page cursor is not valid: pass next_cursor of the previous page, with the same sort",
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) throw invalid;
  const [, value, evalId] = parsed as unknown[];
  if (typeof value !== "string" || typeof evalId !== "string" || !isUuid(evalId)) throw invalid;
  return { value, evalId };
}

/** Who sees which records, as SQL over `r` (the same rule as service.ts visibleTo). */
function visibilitySql(actor: Actor, param: (value: unknown) => string): string {
  if (can(actor, "records.read_all")) return "TRUE";
  const me = param(actor.userId);
  if (!can(actor, "records.read_judge")) return `r.submitted_by_id = ${me}`;
  return `(r.submitted_by_id = ${me} OR (r.rater_type = 'llm_judge' AND EXISTS (
    SELECT 1 FROM review_task rt JOIN suite_rater sr ON sr.suite_id = rt.suite_id
    WHERE rt.judge_eval_id = r.eval_id AND sr.user_id = ${me})))`;
}

/**
 * rater_name as the user's id, looked up first: with the id as a value the
 * planner reads its statistics and walks the newest records, where a
 * subquery's unknown id made it fetch and sort every record of the person.
 */
async function withRaterResolved(filter: RecordFilter): Promise<RecordFilter> {
  if (filter.rater_name === undefined) return filter;
  const { rows } = await appPool().query<{ id: string }>("SELECT id FROM app_user WHERE lower(name) = lower($1)", [
    filter.rater_name,
  ]);
  const id = rows[0]?.id;
  // No such person, or another rater_id asked for too: nothing matches (no id is empty).
  const raterId = id !== undefined && (filter.rater_id === undefined || filter.rater_id === id) ? id : "";
  const types = (filter.rater_type ?? PERSON_RATER_TYPES).filter((type) => PERSON_RATER_TYPES.includes(type));
  return { ...filter, rater_name: undefined, rater_id: raterId, rater_type: types.length > 0 ? types : [""] };
}

/** The roles that may ask for records by their items' adjudication status. */
export const STATUS_FILTER_ROLES = [...new Set([...PERMISSIONS.adjudicate, ...PERMISSIONS["records.read_all"]])];

/**
 * `status=` tells, item by item, whether the other raters agreed with the
 * caller's own rating: that is for those who settle disagreements or read
 * every record, never for a rater still rating the suite.
 */
function assertMayFilterByStatus(actor: Actor, filter: RecordFilter): void {
  if (filter.status === undefined || can(actor, "adjudicate") || can(actor, "records.read_all")) return;
  const roles = STATUS_FILTER_ROLES.join(" or ");
  throw new AppError("FORBIDDEN", `Filtering records by adjudication status needs the ${roles} role`, [
    { path: "/status", rule: "role", message: `only the ${roles} role may filter by adjudication status` },
  ]);
}

type Row = {
  eval_id: string;
  created_at: Date;
  rater_type: string;
  rater_id: string | null;
  rater_name: string | null;
  rater_model: string | null;
  rater_version: string | null;
  task_id: string;
  suite_id: string | null;
  suite_name: string | null;
  system: string | null;
  system_withheld: boolean;
  derived_from: string | null;
  scores: (number | null)[];
  violating: boolean;
  sort_value: string;
};

export async function browseRecords(options: {
  actor: Actor;
  filter: RecordFilter;
  sort?: string;
  cursor?: string | null;
  limit?: number;
}): Promise<BrowsePage> {
  authorize(options.actor, "records.read_own");
  assertMayFilterByStatus(options.actor, options.filter);
  const sort = options.sort ?? DEFAULT_RECORD_SORT;
  if (!RECORD_SORTS.includes(sort))
    throw new AppError("INVALID_INPUT", "Unknown sort", [
      { path: "/sort", rule: "enum", message: `known: ${RECORD_SORTS.join(", ")}` },
    ]);
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const plan = sortPlan(sort);
  const after = options.cursor ? decodeCursor(options.cursor, sort) : null;

  const filter = await withRaterResolved(options.filter);
  const filtered = recordFilterSql(filter, 1, await resolveStatusFilter(db(), filter));
  const values = [...filtered.values];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const withheld = withheldSql(options.actor);
  const clauses = [filtered.where, visibilitySql(options.actor, param)];
  // Filtering one's own records by system would name the system of each withheld one: they never match it.
  if (filter.system !== undefined && withheld !== "FALSE") clauses.push(`NOT ${withheld}`);
  const direction = plan.descending ? "DESC" : "ASC";
  if (after)
    clauses.push(
      `(${plan.key}, r.eval_id) ${plan.descending ? "<" : ">"} (${param(after.value)}::${plan.cast}, ${param(after.evalId)}::uuid)`,
    );
  const scores = LIKERT_DIMENSIONS.map(shownScoreSql).join(", ");
  const { rows } = await appPool().query<Row>(
    `SELECT r.eval_id::text, r.created_at, r.rater_type, r.rater_id, u.name AS rater_name,
       r.body #>> '{rater,model}' AS rater_model, r.body #>> '{rater,version}' AS rater_version,
       r.task_id, r.suite_id, s.name AS suite_name, ${withheld} AS system_withheld,
       CASE WHEN ${withheld} THEN NULL ELSE ${SYSTEM_SQL} END AS system, r.derived_from::text,
       ARRAY[${scores}]::float8[] AS scores,
       coalesce((r.body #>> '{safety,is_violating_any}') = 'true', false) AS violating,
       (${plan.key})::text AS sort_value
     FROM eval_record r
     LEFT JOIN app_user u ON u.id = r.rater_id AND r.rater_type IN ${PERSON_RATER_TYPES_SQL}
     LEFT JOIN suite s ON s.key = r.suite_id
     WHERE ${clauses.join(" AND ")}
     ORDER BY ${plan.key} ${direction}, r.eval_id ${direction}
     LIMIT ${limit + 1}`,
    values,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    records: page.map((row) => ({
      evalId: row.eval_id,
      createdAt: row.created_at,
      raterType: row.rater_type,
      raterId: row.rater_id,
      raterName: row.rater_name,
      raterModel: row.rater_model,
      raterVersion: row.rater_version,
      taskId: row.task_id,
      suiteId: row.suite_id,
      suiteName: row.suite_name,
      system: row.system,
      systemWithheld: row.system_withheld,
      derivedFrom: row.derived_from,
      scores: row.scores,
      violating: row.violating,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(sort, last.sort_value, last.eval_id) : null,
  };
}

/** The names of the people who rated, for the rater filter's suggestions (display names are unique). */
export async function raterNames(options: { actor: Actor }): Promise<string[]> {
  authorize(options.actor, "records.read_all");
  const { rows } = await appPool().query<{ name: string }>(
    `SELECT u.name FROM app_user u
     WHERE EXISTS (SELECT 1 FROM eval_record r WHERE r.rater_type IN ${PERSON_RATER_TYPES_SQL} AND r.rater_id = u.id)
     ORDER BY lower(u.name)`,
  );
  return rows.map((row) => row.name);
}
