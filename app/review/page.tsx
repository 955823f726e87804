// Review (SME): the suites whose LLM-judge prefills wait for an expert, and
// the pairwise suites whose judge verdicts do.
import type { Metadata } from "next";
import { StartRatingButton } from "@/components/rating/start-rating-button";
import { requirePageActor } from "@/lib/auth/page-guard";
import { pairReviewQueues } from "@/lib/pairwise/pair-reviewers";
import { pairReviewQueueUrls } from "@/lib/pairwise/queue-urls";
import { reviewQueueUrls } from "@/lib/queues/open-next-item";
import { reviewQueues } from "@/lib/review/review-tasks";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review" };

export default async function ReviewPage({ searchParams }: { searchParams: Promise<{ finished?: string }> }) {
  const actor = await requirePageActor({ returnTo: "/review", action: "review.work" });
  const [queues, pairQueues, { finished }] = await Promise.all([
    reviewQueues({ actor }),
    pairReviewQueues({ actor }),
    searchParams,
  ]);
  return (
    <>
      <h1>Review judge prefills</h1>
      <p className="help-block">
        An LLM judge has filled the form; confirm its values or correct them. Your review is stored as a new hybrid
        record; the judge&apos;s record is never changed.
      </p>
      {finished ? (
        <p className="notice" role="status">
          No prefill of that suite is waiting for review right now.
        </p>
      ) : null}
      {queues.length === 0 && pairQueues.length === 0 ? (
        <p>You are not assigned to any suite yet. An admin adds you to one.</p>
      ) : (
        <ul className="suite-list">
          {queues.map((queue) => (
            <li key={queue.suiteId} className="panel" data-testid={`review-suite-${queue.key}`}>
              <h2>{queue.name}</h2>
              <p>
                You reviewed {queue.reviewedByMe}; {queue.open} prefill{queue.open === 1 ? "" : "s"} waiting.
              </p>
              {queue.open > 0 ? (
                <StartRatingButton
                  urls={reviewQueueUrls(queue.suiteId)}
                  label={queue.reviewedByMe > 0 ? "Review the next prefill" : "Start reviewing"}
                />
              ) : (
                <p>Done — nothing left to review here.</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {pairQueues.length > 0 ? (
        <>
          <h2>Pairwise comparisons</h2>
          <ul className="suite-list">
            {pairQueues.map((queue) => (
              <li key={queue.suiteId} className="panel" data-testid={`pair-review-suite-${queue.key}`}>
                <h3>{queue.name}</h3>
                <p>
                  You reviewed {queue.reviewedByMe}; {queue.open} judge verdict{queue.open === 1 ? "" : "s"} waiting.
                </p>
                {queue.open > 0 ? (
                  <StartRatingButton
                    urls={pairReviewQueueUrls(queue.suiteId)}
                    label={queue.reviewedByMe > 0 ? "Review the next comparison" : "Start reviewing comparisons"}
                  />
                ) : (
                  <p>Done — nothing left to review here.</p>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
