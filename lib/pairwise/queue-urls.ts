// Where the pair page's "next" asks and goes: the pairwise suite's next pair,
// the pair page, and the queue when the suite has nothing left. Client-safe.
import type { QueueUrls } from "@/lib/queues/open-next-item";

export const PAIR_RATE_PREFIX = "/rate/pair/";

export function pairQueueUrls(suiteId: string): QueueUrls {
  return {
    next: `/api/pairwise/suites/${suiteId}/next`,
    ratePrefix: PAIR_RATE_PREFIX,
    finished: `/queue?finished=${suiteId}`,
  };
}
