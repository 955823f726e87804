// Gold calibration of a suite's raters: every rating of a gold item (its
// record carries the item's calibration_target) compared with the target,
// per rater and dimension over time, with drift warnings.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { driftSettings } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { goldAccuracy } from "./adjudication-lessons";
import { calibrationFeedback } from "./calibration-target";
import { confidenceCalibration, type ConfidentError } from "./confidence-calibration";
import { raterDrift, type GoldRating } from "./drift";

import type { RaterCalibration, SuiteCalibration } from "./suite-calibration-types";
import { raterLabel } from "@/lib/records/rater-label";

export type { RaterCalibration, SuiteCalibration };

export async function suiteCalibration(options: { actor: Actor; suiteId: string }): Promise<SuiteCalibration> {
  authorize(options.actor, "suites.manage");
  const suite = isUuid(options.suiteId)
    ? await db().suite.findUnique({ where: { id: options.suiteId }, select: { id: true } })
    : null;
  if (!suite) throw new AppError("NOT_FOUND", "No suite with this id");
  // The records counted in the suite; the gold id and target are the item's,
  // never the record's own task (which a submitter could have written). Gold
  // accuracy is the first answer: a correction made after submitting is not.
  // An authoritative record (flow adjudication) is the adjudicator's decision
  // over others' ratings, not their own rating of the gold item: not counted.
  const rows = await db().$queryRaw<
    {
      rater_type: string;
      rater_id: string | null;
      created_at: Date;
      body: Record<string, unknown>;
      name: string | null;
    }[]
  >`
    SELECT r.rater_type, r.rater_id, r.created_at, jsonb_build_object('task', i.body -> 'task', 'universal', r.body -> 'universal', 'chat', r.body -> 'chat',
             'agent', r.body -> 'agent', 'rag', r.body -> 'rag', 'multimodal', r.body -> 'multimodal') AS body, u.name
    FROM suite_record sr JOIN eval_record r ON r.eval_id = sr.eval_id JOIN item i ON i.id = sr.item_id
    LEFT JOIN app_user u ON u.id = r.rater_id
    WHERE sr.suite_id = ${options.suiteId}::uuid AND r.rater_type <> 'llm_judge' AND sr.flow NOT IN ('correction', 'adjudication')
      AND coalesce(i.body #>> '{task,gold_item_id}', '') <> '' AND jsonb_typeof(i.body #> '{task,calibration_target}') = 'object'`;
  const who = new Map<string, { raterType: string; name: string }>();
  const ratings: GoldRating[] = [];
  const confident: ConfidentError[] = [];
  for (const row of rows) {
    const feedback = calibrationFeedback(row.body);
    if (feedback.length === 0 || !row.rater_id) continue;
    const rater = `${row.rater_type}:${row.rater_id}`;
    for (const entry of feedback)
      confident.push({
        rater,
        confidence: confidenceOf(row.body, entry.dimension),
        absoluteError: Math.abs(entry.error),
      });
    who.set(rater, {
      raterType: row.rater_type,
      name: raterLabel({ raterType: row.rater_type, raterId: row.rater_id, name: row.name }),
    });
    ratings.push({
      rater,
      at: row.created_at,
      errors: Object.fromEntries(feedback.map((entry) => [entry.dimension, entry.error])),
    });
  }
  const settings = driftSettings();
  return {
    goldRatings: ratings.length,
    threshold: settings.threshold,
    window: settings.window,
    raters: raterDrift(ratings, settings).map((drift) => ({ ...drift, ...who.get(drift.rater)! })),
    accuracy: goldAccuracy(confident),
    confidence: (({ overall, raters }) => ({
      overall,
      raters: raters.map((entry) => ({ ...entry, ...who.get(entry.rater)! })),
    }))(confidenceCalibration(confident)),
  };
}

/** The confidence a record gives a dimension's score ("universal.helpfulness" → universal.helpfulness.confidence). */
function confidenceOf(body: Record<string, unknown>, dimension: string): string | undefined {
  let node: unknown = body;
  for (const key of [...dimension.split("."), "confidence"])
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** The raters' names as they are now (a cached report keeps ids; a rename shows at once). */
export async function withCurrentNames(calibration: SuiteCalibration): Promise<SuiteCalibration> {
  const userIds = calibration.raters
    .filter((rater) => rater.raterType !== "end_user")
    .map((rater) => rater.rater.slice(rater.rater.indexOf(":") + 1));
  if (userIds.length === 0) return calibration;
  const users = await db().user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } });
  const nameOf = new Map(users.map((user) => [user.id, user.name]));
  const named = <T extends { rater: string; raterType: string; name: string }>(rater: T): T =>
    rater.raterType === "end_user"
      ? rater
      : { ...rater, name: nameOf.get(rater.rater.slice(rater.rater.indexOf(":") + 1)) ?? rater.name };
  // Reports cached before confidence calibration existed have none: shown as no data until recomputed.
  const confidence = calibration.confidence ?? { overall: [], raters: [] };
  return {
    ...calibration,
    raters: calibration.raters.map(named),
    confidence: { ...confidence, raters: confidence.raters.map(named) },
  };
}
