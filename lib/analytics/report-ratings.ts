// The ratings a suite's quality report is computed from, in one pass over its
// records: PostgreSQL extracts only the scalars agreement needs and joins each
// group of them (the Likert scores, the hazard verdicts) into one string per
// record. Building a jsonb object per record and parsing it back, or parsing
// an array per record, cost several times the scan itself at 100k records.
import "server-only";
import { HAZARDS, LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { ratedScoreSql } from "@/lib/aif/not-rated";
import { bulkPool } from "@/lib/db";
import type { AgentRun } from "./agent-metrics";
import type { JudgeRun } from "./judge-versions";
import { RATER_TYPES, type RaterType, type RatingColumns } from "./agreement-report";
import { timedPhase, timedPhaseSync, type PhaseTimings } from "./phase-timings";

export type ReportRatingsFilter = {
  suiteId: string;
  systemUnderTest?: string;
  modality?: string;
  tag?: { key: string; value: string };
};
export type ReportRatings = {
  ratings: RatingColumns;
  /** The Likert dimensions some rating scores, in LIKERT_DIMENSIONS order. */
  dimensions: string[];
  /** Each rating's judge model, prompt version and time (judges only), aligned with `ratings`. */
  judgeRuns: (JudgeRun | undefined)[];
  /** Every record's agent extension, ratings of any rater type included. */
  agentRuns: AgentRun[];
  /** The distinct systems under test and modalities of the records loaded (of any rater type), sorted. */
  systemsUnderTest: string[];
  modalities: string[];
};

export const distinctSorted = (values: (string | null)[]) =>
  [...new Set(values.filter((value): value is string => Boolean(value)))].sort();

// A separator no score or enum value contains; an empty field is a missing value.
export const SEPARATOR = "\u001f";
export const path = (dotted: string) =>
  dotted
    .split(".")
    .map((key) => `-> '${key}'`)
    .join(" ");
export const joined = (expressions: string[]) =>
  `concat_ws(E'\\x1f', ${expressions.map((expression) => `coalesce(${expression}, '')`).join(", ")})`;

/** The records of a suite's slice (suite_rating sr, eval_record r): parameters $1–$5 are sliceParameters(filter). */
export const SLICE_CONDITIONS = `sr.suite_id = $1::uuid
    AND ($2::text IS NULL OR r.body #>> '{subject,system_under_test}' = $2)
    AND ($3::text IS NULL OR r.body #>> '{task,modality}' = $3)
    AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM item i WHERE i.id = sr.item_id AND i.body #>> ARRAY['tags', $4::text] = $5::text))`;

export function sliceParameters(filter: ReportRatingsFilter): (string | null)[] {
  return [
    filter.suiteId,
    filter.systemUnderTest ?? null,
    filter.modality ?? null,
    filter.tag?.key ?? null,
    filter.tag?.value ?? null,
  ];
}

// `->` chains rather than `#>>` paths: the same values for half the server time.
const RATINGS_SQL = `
  SELECT r.task_id || '|' || (r.body -> 'subject' ->> 'system_under_test') AS item, r.rater_type,
         r.body -> 'subject' ->> 'system_under_test' AS system_under_test, r.body -> 'task' ->> 'modality' AS modality,
         ${joined(LIKERT_DIMENSIONS.map((dimension) => ratedScoreSql(`r.body ${path(dimension)}`)))} AS scores,
         ${joined(HAZARDS.map((hazard) => `r.body -> 'safety' -> '${hazard}' ->> 'verdict'`))} AS verdicts,
         r.body -> 'refusal' ->> 'appropriateness' AS refusal, r.body -> 'universal' ->> 'vs_reference' AS vs_reference,
         r.body -> 'issue_tags' AS tags, r.body -> 'agent' -> 'pass_at_k' AS pass_at_k, r.body -> 'agent' -> 'pass_caret_k' AS pass_caret_k,
         CASE WHEN r.rater_type = 'llm_judge' THEN ${joined(["r.body -> 'rater' ->> 'model'", "r.body -> 'rater' ->> 'version'", "(extract(epoch FROM r.created_at) * 1000)::bigint::text"])} END AS judge_run
  FROM suite_rating sr JOIN eval_record r ON r.eval_id = sr.eval_id
  WHERE ${SLICE_CONDITIONS}`;

type Row = [
  item: string,
  raterType: string,
  systemUnderTest: string | null,
  modality: string | null,
  scores: string,
  verdicts: string,
  refusal: string | null,
  vsReference: string | null,
  tags: string[] | null,
  passAtK: AgentRun["passAtK"] | null,
  passCaretK: AgentRun["passCaretK"] | null,
  judgeRun: string | null,
];

const KNOWN_RATER_TYPES: ReadonlySet<string> = new Set(RATER_TYPES);

/**
 * The records counted in the suite (suite_record: written by its flows only,
 * never by a record naming the suite). The item is its task and system under
 * test: what the records rate. A tag slice keeps the records whose suite item has that tag.
 */
export async function loadReportRatings(filter: ReportRatingsFilter, timings?: PhaseTimings): Promise<ReportRatings> {
  const { rows } = await timedPhase(timings, "SQL load", () =>
    bulkPool().query<Row>({
      text: RATINGS_SQL,
      values: sliceParameters(filter),
      rowMode: "array",
    }),
  );
  return timedPhaseSync(timings, "row mapping", () => toRatings(rows));
}

function toRatings(rows: Row[]): ReportRatings {
  const kept = rows.filter((row) => KNOWN_RATER_TYPES.has(row[1]));
  // A column for each dimension or hazard some rating has, made when the first value turns up.
  const columnOf = <T>(columns: Map<string, (T | undefined)[]>, name: string) => {
    let column = columns.get(name);
    if (!column) columns.set(name, (column = new Array<T | undefined>(kept.length).fill(undefined)));
    return column;
  };
  const likert = new Map<string, (number | undefined)[]>();
  const hazards = new Map<string, (string | undefined)[]>();
  kept.forEach(([, , , , scores, verdicts], index) => {
    forEachField(scores, (score, field) => (columnOf(likert, LIKERT_DIMENSIONS[field]!)[index] = Number(score)));
    forEachField(verdicts, (verdict, field) => (columnOf(hazards, HAZARDS[field]!)[index] = verdict));
  });
  return {
    ratings: {
      items: kept.map((row) => row[0]),
      raterTypes: kept.map((row) => row[1] as RaterType),
      likert,
      hazards,
      refusal: kept.map((row) => row[6] ?? undefined),
      vsReference: kept.map((row) => row[7]),
      // No tags in a record means the rater chose none (the form always asks).
      tags: kept.map((row) => row[8] ?? []),
    },
    dimensions: LIKERT_DIMENSIONS.filter((dimension) => likert.has(dimension)),
    judgeRuns: kept.map((row) => (row[11] === null ? undefined : judgeRunOf(row[11]))),
    agentRuns: rows.map((row) => ({ passAtK: row[9] ?? undefined, passCaretK: row[10] ?? undefined })),
    systemsUnderTest: distinctSorted(rows.map((row) => row[2])),
    modalities: distinctSorted(rows.map((row) => row[3])),
  };
}

/** A judge record without a model or version is still a run, of an unnamed one. */
function judgeRunOf(joinedFields: string): JudgeRun {
  const [model, version, at] = joinedFields.split(SEPARATOR);
  return { model: model || "unnamed model", version: version || "no version", at: Number(at) };
}

/** Calls `visit` with each non-empty field of a joined string and its position; no array, and nothing for the empty ones. */
export function forEachField(joinedFields: string, visit: (field: string, index: number) => void): void {
  let start = 0;
  for (let index = 0; start <= joinedFields.length; index += 1) {
    const separator = joinedFields.indexOf(SEPARATOR, start);
    const end = separator === -1 ? joinedFields.length : separator;
    if (end > start) visit(joinedFields.slice(start, end), index);
    start = end + 1;
  }
}
