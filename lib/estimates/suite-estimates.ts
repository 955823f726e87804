// A suite's estimates from PostgreSQL: the ratings the quality report reads
// (suite_rating: independent ratings, corrections in place of what they
// correct, adjudication decisions out) handed to estimatesOfRatings.
import "server-only";
import { loadReportRatings } from "@/lib/analytics/report-ratings";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { estimatesOfRatings, type RatingsEstimates } from "./ratings-estimates";

export type SuiteEstimates = RatingsEstimates & {
  suite: { id: string; key: string; name: string };
  /** Adjudication decisions in the suite: not one more rating of their item, so not used. */
  adjudicationsNotUsed: number;
};

export async function suiteEstimates(options: {
  actor: Actor;
  suiteId: string;
  targetWidth?: number | null;
}): Promise<SuiteEstimates> {
  authorize(options.actor, "suites.manage");
  const suite = isUuid(options.suiteId)
    ? await db().suite.findUnique({ where: { id: options.suiteId }, select: { id: true, key: true, name: true } })
    : null;
  if (!suite) throw new AppError("NOT_FOUND", "No suite with this id");
  const [{ ratings }, adjudicationsNotUsed] = await Promise.all([
    loadReportRatings({ suiteId: suite.id }),
    db().suiteRecord.count({ where: { suiteId: suite.id, flow: "adjudication" } }),
  ]);
  return {
    suite,
    adjudicationsNotUsed,
    ...estimatesOfRatings(ratings, { targetWidth: options.targetWidth ?? null }),
  };
}
