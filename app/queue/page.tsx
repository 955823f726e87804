// My queue (rater, SME): the suites I rate, my progress, and where to go on.
import type { Metadata } from "next";
import { requirePageActor } from "@/lib/auth/page-guard";
import { suitesForRater } from "@/lib/suites/service";
import { raterQueueUrls } from "@/lib/queues/open-next-item";
import { StartRatingButton } from "@/components/rating/start-rating-button";
import { pairwiseSuitesForRater } from "@/lib/pairwise/rater-queue";
import { pairQueueUrls, PAIR_RATE_PREFIX } from "@/lib/pairwise/queue-urls";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "My queue" };

export default async function QueuePage({ searchParams }: { searchParams: Promise<{ finished?: string }> }) {
  const actor = await requirePageActor({ returnTo: "/queue", action: "queue.work" });
  const [suites, pairwise, { finished }] = await Promise.all([
    suitesForRater({ actor }),
    pairwiseSuitesForRater({ actor }),
    searchParams,
  ]);
  return (
    <>
      <h1>My queue</h1>
      {finished ? (
        <p className="notice" role="status">
          Nothing more to rate in that suite right now.
        </p>
      ) : null}
      {suites.length === 0 && pairwise.length > 0 ? null : suites.length === 0 ? (
        <p>You are not a rater of any suite yet. An admin adds you to one.</p>
      ) : (
        <ul className="suite-list">
          {suites.map((suite) => (
            <li key={suite.id} className="panel" data-testid={`queue-suite-${suite.key}`}>
              <h2>{suite.name}</h2>
              <p>
                You rated {suite.mySubmitted}; {suite.availableToMe} more item{suite.availableToMe === 1 ? "" : "s"}{" "}
                waiting for a rating.
              </p>
              {suite.paused ? (
                <p className="notice notice-warning" data-testid={`queue-suite-paused-${suite.key}`}>
                  Paused by an admin: no items are handed out until it is resumed.
                  {suite.myHeldAssignmentId ? " You can still finish the item you hold." : ""}
                </p>
              ) : null}
              {suite.myHeldAssignmentId ? (
                <a className="btn btn-primary" href={`/rate/${suite.myHeldAssignmentId}`}>
                  Continue your draft
                </a>
              ) : suite.paused ? null : suite.availableToMe > 0 ? (
                <StartRatingButton
                  urls={raterQueueUrls(suite.id)}
                  label={suite.mySubmitted > 0 ? "Rate the next item" : "Start rating"}
                />
              ) : (
                <p>Done — nothing left for you here.</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {pairwise.length > 0 ? (
        <>
          <h2>Compare two responses</h2>
          <ul className="suite-list">
            {pairwise.map((suite) => (
              <li key={suite.id} className="panel" data-testid={`queue-pairwise-${suite.key}`}>
                <h3>{suite.name}</h3>
                <p>
                  You compared {suite.mySubmitted}; {suite.availableToMe} more pair
                  {suite.availableToMe === 1 ? "" : "s"} waiting for a comparison.
                </p>
                {suite.paused ? (
                  <p className="notice notice-warning" data-testid={`queue-pairwise-paused-${suite.key}`}>
                    Paused by an admin: no pairs are handed out until it is resumed.
                    {suite.myHeldAssignmentId ? " You can still finish the pair you hold." : ""}
                  </p>
                ) : null}
                {suite.myHeldAssignmentId ? (
                  <a className="btn btn-primary" href={`${PAIR_RATE_PREFIX}${suite.myHeldAssignmentId}`}>
                    Continue your pair
                  </a>
                ) : suite.paused ? null : suite.availableToMe > 0 ? (
                  <StartRatingButton
                    urls={pairQueueUrls(suite.id)}
                    label={suite.mySubmitted > 0 ? "Compare the next pair" : "Start comparing"}
                  />
                ) : (
                  <p>Done — nothing left for you here.</p>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
