// One suite (admin): progress overall and per rater, item statuses and the adjudication rule.
import type { Metadata } from "next";
import { orNotFound } from "@/lib/http/or-not-found";
import { ProgressMeter } from "@/components/progress-meter";
import { requirePageActor } from "@/lib/auth/page-guard";
import { suiteCalibration } from "@/lib/analytics/suite-calibration";
import { listShareLinks } from "@/lib/share-links/service";
import { getRaterProgress, getSuite } from "@/lib/suites/service";
import { getSkipSummary } from "@/lib/queues/skip";
import { SKIP_REASON_LABELS, type SkipReason } from "@/lib/queues/skip-reasons";
import { guidelinesOfSuite } from "@/lib/suites/guidelines";
import { suiteAdjudicationRule, suiteItemStatuses } from "@/lib/adjudication/service";
import { AdjudicationRuleClient } from "./adjudication-rule-client";
import { GuidelinesClient } from "./guidelines-client";
import { ShareLinksClient } from "./share-links-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Suite" };

export default async function SuitePage({ params }: { params: Promise<{ suiteId: string }> }) {
  const { suiteId } = await params;
  const actor = await requirePageActor({ returnTo: `/admin/suites/${suiteId}`, action: "suites.manage" });
  // An unknown or malformed id is the 404 page, before the rest is asked for.
  await orNotFound(getSuite({ actor, suiteId }));
  const [suite, raters, links, calibration, skips] = await Promise.all([
    getSuite({ actor, suiteId }),
    getRaterProgress({ actor, suiteId }),
    listShareLinks({ actor, suiteId }),
    suiteCalibration({ actor, suiteId }),
    getSkipSummary({ actor, suiteId }),
  ]);
  const guidelines = await guidelinesOfSuite(suite.id);
  const statuses = await suiteItemStatuses({ actor, suiteId: suite.id });
  const rule = await suiteAdjudicationRule({ actor, suiteId: suite.id });
  const disputed = statuses.counts.needs_adjudication + statuses.counts.adjudicated;
  const drifting = calibration.raters.filter((rater) => rater.drifting.length > 0);
  return (
    <>
      <h1>
        {suite.name} <code>{suite.key}</code>
      </h1>
      {drifting.length > 0 ? (
        <p className="notice notice-error" role="alert" data-testid="drift-warning">
          Drifting from the gold answers:{" "}
          {drifting.map((rater) => `${rater.name} (${rater.drifting.join(", ")})`).join("; ")}. See the{" "}
          <a href={`/admin/suites/${suite.id}/report`}>quality report</a>.
        </p>
      ) : null}
      <p>
        {suite.items} items ({suite.goldItems} gold) · overlap k = {suite.overlapK} · gold share{" "}
        {Math.round(suite.goldShare * 100)} % · items held for {suite.holdSeconds / 60} minutes
      </p>
      <ProgressMeter
        label="Ratings"
        value={suite.ratingsSubmitted}
        max={suite.ratingsNeeded}
        detail={`${suite.ratingsSubmitted} of ${suite.ratingsNeeded} ratings`}
      />
      <ProgressMeter
        label="Complete items"
        value={suite.completeItems}
        max={suite.items}
        detail={`${suite.completeItems} of ${suite.items} items have k ratings`}
      />
      <p>
        <a className="btn" href={`/admin/suites/${suite.id}/review`}>
          Hybrid review: prefills, judge runs, SME decisions
        </a>{" "}
        <a className="btn" href={`/admin/suites/${suite.id}/report`}>
          Quality report
        </a>
      </p>
      <h2>Adjudication</h2>
      <p data-testid="suite-item-statuses">
        Unanimous {statuses.counts.unanimous} · needs adjudication {statuses.counts.needs_adjudication} · adjudicated{" "}
        {statuses.counts.adjudicated} · too few ratings {statuses.counts.too_few_ratings}
      </p>
      <ProgressMeter
        label="Adjudicated"
        value={statuses.counts.adjudicated}
        max={Math.max(disputed, 1)}
        detail={`${statuses.counts.adjudicated} of ${disputed} disputed items settled`}
      />
      <p>
        <a className="btn" href={`/adjudicate/${suite.id}`}>
          Adjudication queue and items by status
        </a>
      </p>
      <AdjudicationRuleClient suiteId={suite.id} initial={rule} />
      <h2>Raters</h2>
      <table className="records-table" data-testid="rater-progress">
        <thead>
          <tr>
            <th scope="col">Rater</th>
            <th scope="col">Submitted</th>
            <th scope="col">Holding now</th>
            <th scope="col">Skipped</th>
            <th scope="col">Last rating</th>
          </tr>
        </thead>
        <tbody>
          {raters.map((rater) => (
            <tr key={rater.userId}>
              <td>
                {rater.name} &lt;{rater.email}&gt;
              </td>
              <td>{rater.submitted}</td>
              <td>{rater.held}</td>
              <td>{rater.skipped}</td>
              <td>{rater.lastSubmittedAt?.toISOString().replace("T", " ").slice(0, 19) ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {skips.items.length > 0 ? (
        <>
          <h2>Skipped items</h2>
          <table className="records-table" data-testid="skipped-items">
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Skips</th>
                <th scope="col">Reasons</th>
                <th scope="col">Comments</th>
                <th scope="col">Needs you</th>
              </tr>
            </thead>
            <tbody>
              {skips.items.map((item) => (
                <tr key={item.itemId}>
                  <td>
                    <code>{item.taskId}</code>
                  </td>
                  <td>{item.skipped}</td>
                  <td>
                    {Object.entries(item.reasons)
                      .map(([reason, count]) => `${SKIP_REASON_LABELS[reason as SkipReason]}: ${count}`)
                      .join("; ")}
                  </td>
                  <td>{item.comments.join(" · ")}</td>
                  <td>{item.everyRaterSkipped ? "Yes: every rater skipped it" : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <GuidelinesClient suiteId={suite.id} initial={guidelines} />
      <ShareLinksClient
        suiteId={suite.id}
        links={links.map((link) => ({
          ...link,
          createdAt: link.createdAt.toISOString(),
          revokedAt: link.revokedAt?.toISOString() ?? null,
        }))}
      />
    </>
  );
}
