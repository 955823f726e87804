// Where the pair page's "next" asks and goes: the pairwise suite's next pair,
// the pair page, and the queue when the suite has nothing left; the same for
// an SME reviewing the suite's judge verdicts. Client-safe.
import type { QueueUrls } from "@/lib/queues/open-next-item";

export const PAIR_RATE_PREFIX = "/rate/pair/";

export function pairQueueUrls(suiteId: string): QueueUrls {
  return {
    next: `/api/pairwise/suites/${suiteId}/next`,
    ratePrefix: PAIR_RATE_PREFIX,
    finished: `/queue?finished=${suiteId}`,
  };
}

/** An SME's pairwise review queue: the suite's next judge verdict, the pair review page, the review list when done. */
export function pairReviewQueueUrls(suiteId: string): QueueUrls {
  return {
    next: `/api/pairwise/suites/${suiteId}/review-next`,
    ratePrefix: "/review/pair/",
    finished: `/review?finished=${suiteId}`,
    idKey: "judge_eval_id",
  };
}
