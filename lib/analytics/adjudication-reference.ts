// The adjudicated answers of a suite's slice, as a reference the report
// measures against: each adjudicated item's latest authoritative record, and
// the independent ratings of those items with who gave them and how confident
// they were. Only adjudicated items are read, so a suite without adjudications
// costs one empty query.
import "server-only";
import { HAZARDS, LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { ratedScoreSql } from "@/lib/aif/not-rated";
import { bulkPool } from "@/lib/db";
import { raterLabel } from "@/lib/records/rater-label";
import type { AuthoritativeAnswer, SourceRating } from "./adjudication-lessons";
import {
  forEachField,
  joined,
  path,
  SLICE_CONDITIONS,
  sliceParameters,
  type ReportRatingsFilter,
} from "./report-ratings";

export type AdjudicationReference = {
  /** By the report's item key (task id | system under test). */
  answers: Map<string, AuthoritativeAnswer>;
  sources: SourceRating[];
  /** Rater key (type:id, as the gold calibration names raters) → type and label. */
  raters: Map<string, { raterType: string; name: string }>;
};

// A field marked not rated has no score, so its confidence is not read either.
const SCORES = joined(LIKERT_DIMENSIONS.map((dimension) => ratedScoreSql(`r.body ${path(dimension)}`)));
const CONFIDENCES = joined(LIKERT_DIMENSIONS.map((dimension) => `r.body ${path(dimension)} ->> 'confidence'`));
const VERDICTS = joined(HAZARDS.map((hazard) => `r.body -> 'safety' -> '${hazard}' ->> 'verdict'`));

// The latest decision per item (a re-adjudication supersedes the one before); sources are the suite's independent ratings.
const REFERENCE_SQL = `
  WITH latest AS (
    SELECT DISTINCT ON (a.item_id) a.item_id, a.eval_id FROM adjudication a
    WHERE a.suite_id = $1::uuid ORDER BY a.item_id, a.created_at DESC, a.eval_id DESC)
  SELECT sr.item_id::text, r.task_id || '|' || (r.body -> 'subject' ->> 'system_under_test') AS item, false AS authoritative,
         r.rater_type, r.rater_id, u.name, r.body -> 'rater' ->> 'model' AS model, r.body -> 'rater' ->> 'version' AS version,
         ${SCORES} AS scores, ${CONFIDENCES} AS confidences, ${VERDICTS} AS verdicts
  FROM latest JOIN suite_rating sr ON sr.suite_id = $1::uuid AND sr.item_id = latest.item_id
       JOIN eval_record r ON r.eval_id = sr.eval_id LEFT JOIN app_user u ON u.id = r.rater_id
  WHERE ${SLICE_CONDITIONS}
  UNION ALL
  SELECT latest.item_id::text, NULL, true, r.rater_type, r.rater_id, NULL, NULL, NULL, ${SCORES}, ${CONFIDENCES}, ${VERDICTS}
  FROM latest JOIN eval_record r ON r.eval_id = latest.eval_id`;

type Row = {
  item_id: string;
  item: string | null;
  authoritative: boolean;
  rater_type: string;
  rater_id: string | null;
  name: string | null;
  model: string | null;
  version: string | null;
  scores: string;
  confidences: string;
  verdicts: string;
};

function fieldsOf(joinedFields: string, names: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  forEachField(joinedFields, (value, index) => values.set(names[index]!, value));
  return values;
}

export async function loadAdjudicationReference(filter: ReportRatingsFilter): Promise<AdjudicationReference> {
  const { rows } = await bulkPool().query<Row>(REFERENCE_SQL, sliceParameters(filter));
  // An answer counts for an item of the slice: one with a source rating in it, whose key it takes.
  const keyOf = new Map<string, string>();
  for (const row of rows) if (!row.authoritative && row.item) keyOf.set(row.item_id, row.item);
  const answers = new Map<string, AuthoritativeAnswer>();
  const sources: SourceRating[] = [];
  const raters = new Map<string, { raterType: string; name: string }>();
  for (const row of rows) {
    const item = keyOf.get(row.item_id);
    if (!item) continue;
    const scores = fieldsOf(row.scores, LIKERT_DIMENSIONS);
    const hazards = fieldsOf(row.verdicts, HAZARDS);
    if (row.authoritative) {
      answers.set(item, {
        likert: new Map([...scores].map(([dimension, score]) => [dimension, Number(score)])),
        hazards,
      });
      continue;
    }
    const confidences = fieldsOf(row.confidences, LIKERT_DIMENSIONS);
    const rater = `${row.rater_type}:${row.rater_id ?? ""}`;
    raters.set(rater, {
      raterType: row.rater_type,
      name: raterLabel({
        raterType: row.rater_type,
        raterId: row.rater_id,
        name: row.name,
        model: row.model,
        version: row.version,
      }),
    });
    sources.push({
      item,
      rater,
      likert: new Map(
        [...scores].map(([dimension, score]) => [
          dimension,
          { score: Number(score), confidence: confidences.get(dimension) },
        ]),
      ),
      hazards,
    });
  }
  return { answers, sources, raters };
}
