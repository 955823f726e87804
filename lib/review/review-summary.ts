// Per suite: how SMEs treated the judge's values. Acceptance rate per field,
// mean absolute change per Likert dimension, and hazards the judge missed
// (SME says violating, judge did not) or over-called (the reverse).
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { countFieldDecisions, countHazardDisagreements, countReviewTasks, selectLikertChanges } from "./queries";
import type { ReviewSummary } from "./review-summary-types";

export type { ReviewSummary };

export async function reviewSummary(options: { actor: Actor; suiteId: string }): Promise<ReviewSummary> {
  authorize(options.actor, "suites.manage");
  const { suiteId } = options;
  if (!isUuid(suiteId) || !(await db().suite.findUnique({ where: { id: suiteId }, select: { id: true } })))
    throw new AppError("NOT_FOUND", "No suite with this id");
  const counts = await countReviewTasks(db(), suiteId);
  const fields = await countFieldDecisions(db(), suiteId);
  const likert = await selectLikertChanges(db(), suiteId);
  const hazards = await countHazardDisagreements(db(), suiteId);
  return {
    ...counts,
    fields: fields.map((row) => ({
      ...row,
      acceptanceRate: row.accepted + row.edited > 0 ? row.accepted / (row.accepted + row.edited) : null,
    })),
    likert,
    hazards: hazards.filter((row) => row.missed + row.overCalled > 0),
  };
}
