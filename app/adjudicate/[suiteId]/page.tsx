// A suite's adjudication (admins, and the SMEs assigned to it): the items by
// status, the queue worst disagreement first, and the button that holds the next one.
import type { Metadata } from "next";
import Link from "next/link";
import { StartRatingButton } from "@/components/rating/start-rating-button";
import { ITEM_STATUS_LABELS, ITEM_STATUSES } from "@/lib/adjudication/rule";
import { adjudicationQueue, suiteItemStatuses } from "@/lib/adjudication/service";
import { requirePageActor } from "@/lib/auth/page-guard";
import { orNotFound } from "@/lib/http/or-not-found";
import { adjudicationQueueUrls } from "@/lib/queues/open-next-item";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Adjudication" };

const STATUS_LABELS = ITEM_STATUS_LABELS;

export default async function AdjudicationPage({
  params,
  searchParams,
}: {
  params: Promise<{ suiteId: string }>;
  searchParams: Promise<{ status?: string; finished?: string }>;
}) {
  const [{ suiteId }, query] = await Promise.all([params, searchParams]);
  const actor = await requirePageActor({ returnTo: `/adjudicate/${suiteId}`, action: "adjudicate" });
  const status = ITEM_STATUSES.find((candidate) => candidate === query.status);
  const statuses = await orNotFound(suiteItemStatuses({ actor, suiteId, status }));
  const queue = await adjudicationQueue({ actor, suiteId });
  const open = queue.filter((row) => !row.ratedByMe && !row.heldByOther).length;
  return (
    <>
      <h1>Adjudication</h1>
      {query.finished ? (
        <p className="notice" role="status">
          No item of this suite waits for you right now.
        </p>
      ) : null}
      <p data-testid="status-counts">
        {ITEM_STATUSES.map((key) => `${STATUS_LABELS[key]}: ${statuses.counts[key]}`).join(" · ")}
      </p>
      <h2>Queue</h2>
      <p>
        {queue.length} item{queue.length === 1 ? "" : "s"} wait{queue.length === 1 ? "s" : ""} for a decision; {open}{" "}
        for you (never an item you rated).
      </p>
      {open > 0 || queue.some((row) => row.heldByMe) ? (
        <StartRatingButton urls={adjudicationQueueUrls(suiteId)} label="Adjudicate the next item" />
      ) : null}
      {queue.length > 0 ? (
        <table className="records-table" data-testid="adjudication-queue">
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col">Spread</th>
              <th scope="col">Reasons</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {queue.map((row) => (
              <tr key={row.id}>
                <td>{row.taskId}</td>
                <td>{row.spread}</td>
                <td>{row.reasonsCount}</td>
                <td>
                  {row.ratedByMe
                    ? "you rated it"
                    : row.heldByMe
                      ? "held by you"
                      : row.heldByOther
                        ? "held by another adjudicator"
                        : row.reAdjudication
                          ? "re-adjudication"
                          : "open"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h2>Items by status</h2>
      <nav aria-label="Filter by status">
        <Link href={`/adjudicate/${suiteId}`}>All</Link>
        {ITEM_STATUSES.map((key) => (
          <span key={key}>
            {" "}
            · <Link href={`/adjudicate/${suiteId}?status=${key}`}>{STATUS_LABELS[key]}</Link>
          </span>
        ))}
      </nav>
      <table className="records-table" data-testid="item-statuses">
        <thead>
          <tr>
            <th scope="col">Task</th>
            <th scope="col">Status</th>
            <th scope="col">Ratings</th>
            <th scope="col">Spread</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {statuses.items.map((item) => (
            <tr key={item.itemId} data-testid={`item-status-${item.taskId}`}>
              <td>
                <Link href={`/adjudicate/${suiteId}/items/${item.itemId}`}>{item.taskId}</Link>
              </td>
              <td>{STATUS_LABELS[item.status]}</td>
              <td>{item.ratings}</td>
              <td>{item.spread}</td>
              <td>
                {item.reasons
                  .map((reason) =>
                    reason.kind === "likert_spread"
                      ? `${reason.dimension} spread ${reason.spread}`
                      : reason.kind === "hazard_conflict"
                        ? `${reason.hazard}: ${reason.verdicts.join(" / ")}`
                        : reason.kind === "refusal_conflict"
                          ? `refusal: ${reason.values.join(" / ")}`
                          : reason.kind === "source_corrected"
                            ? "a rating the decision used was corrected"
                            : `judge ${reason.field}: ${reason.detail}`,
                  )
                  .join("; ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
