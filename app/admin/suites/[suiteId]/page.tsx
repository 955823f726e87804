// One suite (admin): progress overall and per rater, its items a page at a
// time, item statuses and the adjudication rule; its settings, pause and archive.
import { fieldName } from "@/lib/aif/field-labels";
import type { Metadata } from "next";
import { orNotFound } from "@/lib/http/or-not-found";
import { ProgressMeter } from "@/components/progress-meter";
import { requirePageActor } from "@/lib/auth/page-guard";
import { suiteCalibration } from "@/lib/analytics/suite-calibration";
import { listShareLinks } from "@/lib/share-links/service";
import { getRaterProgress, getSuite } from "@/lib/suites/service";
import { suiteFlowCounts } from "@/lib/records/suite-flow-counts";
import { goldDescription } from "@/lib/suites/gold-description";
import { listSuiteItemProgress, type SuiteItemPage } from "@/lib/suites/item-progress";
import { memberChoices } from "@/lib/suites/member-choices";
import { listUsers } from "@/lib/users/service";
import { AppError } from "@/lib/errors";
import { ITEM_STATUS_LABELS, ITEM_STATUSES } from "@/lib/adjudication/rule";
import { SuiteItemsClient } from "./suite-items-client";
import { SuiteSettingsClient } from "./suite-settings-client";
import { SuiteStateButtons } from "@/components/suite-settings/suite-state-buttons";
import { getSkipSummary } from "@/lib/queues/skip";
import { BrokenItemsNotice } from "./broken-items-notice";
import { SKIP_REASON_LABELS, type SkipReason } from "@/lib/queues/skip-reasons";
import { guidelinesOfSuite } from "@/lib/suites/guidelines";
import { suiteAdjudicationRule, suiteItemStatuses } from "@/lib/adjudication/service";
import { AdjudicationRuleClient } from "./adjudication-rule-client";
import { GuidelinesEditor } from "@/components/suite-settings/guidelines-editor";
import { ShareLinksClient } from "./share-links-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Suite" };

const FILTERS = ["status", "gold", "holds", "page", "per_page"] as const;

/** The items' page from the address; a query that does not parse is named and the first page shown. */
async function itemsPage(
  actor: Parameters<typeof listSuiteItemProgress>[0]["actor"],
  suiteId: string,
  search: Record<string, string | string[] | undefined>,
): Promise<{ page: SuiteItemPage; query: Record<string, string>; problem: string | null }> {
  const query = Object.fromEntries(
    FILTERS.flatMap((name) => (typeof search[name] === "string" && search[name] !== "" ? [[name, search[name]]] : [])),
  );
  try {
    return { page: await listSuiteItemProgress({ actor, suiteId, query }), query, problem: null };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "INVALID_INPUT") throw error;
    const problem = `${error.message}: ${error.issues.map((issue) => `${issue.path.slice(1)} — ${issue.message}`).join("; ")}`;
    return { page: await listSuiteItemProgress({ actor, suiteId, query: {} }), query: {}, problem };
  }
}

function pageHref(suiteId: string, query: Record<string, string>, page: number): string {
  const search = new URLSearchParams({ ...query, page: String(page) });
  return `/admin/suites/${suiteId}?${search.toString()}#items`;
}

export default async function SuitePage({
  params,
  searchParams,
}: {
  params: Promise<{ suiteId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { suiteId } = await params;
  const actor = await requirePageActor({ returnTo: `/admin/suites/${suiteId}`, action: "suites.manage" });
  // An unknown or malformed id is the 404 page, before the rest is asked for.
  await orNotFound(getSuite({ actor, suiteId }));
  const [suite, raters, links, calibration, skips, flows] = await Promise.all([
    getSuite({ actor, suiteId }),
    getRaterProgress({ actor, suiteId }),
    listShareLinks({ actor, suiteId }),
    suiteCalibration({ actor, suiteId }),
    getSkipSummary({ actor, suiteId }),
    suiteFlowCounts({ actor, suiteId }),
  ]);
  const guidelines = await guidelinesOfSuite(suite.id);
  const items = await itemsPage(actor, suite.id, await searchParams);
  const users = await listUsers({ actor });
  const raterIds = new Set(raters.map((rater) => rater.userId));
  const raterChoices = memberChoices(users, { current: [...raterIds], roles: ["rater", "sme"] });
  const first = (items.page.page - 1) * items.page.perPage;
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
          {drifting.map((rater) => `${rater.name} (${rater.drifting.map(fieldName).join(", ")})`).join("; ")}. See the{" "}
          <a href={`/admin/suites/${suite.id}/report`}>quality report</a>.
        </p>
      ) : null}
      <BrokenItemsNotice suiteId={suite.id} items={skips.items.filter((item) => item.brokenForEveryRater)} />
      {suite.archived ? (
        <p className="notice notice-warning" data-testid="suite-archived">
          Archived: out of every queue and of the suites list. Its items and records are kept and can be exported.
        </p>
      ) : null}
      {suite.paused ? (
        <p className="notice notice-warning" data-testid="suite-paused">
          Paused: no items are handed out; its raters see that it is paused. Work they hold can still be submitted.
        </p>
      ) : null}
      <p data-testid="suite-facts">
        {goldDescription(suite)} · overlap k = {suite.overlapK} · items held for {suite.holdSeconds / 60} minutes
      </p>
      <SuiteStateButtons patchUrl={`/api/suites/${suite.id}`} paused={suite.paused} archived={suite.archived} />
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
      <p data-testid="suite-review-counts">
        SME reviews {flows.review} · adjudications {flows.adjudication}
      </p>
      <p>
        <a className="btn" href={`/admin/suites/${suite.id}/review`}>
          Hybrid review: prefills, judge runs, SME decisions
        </a>{" "}
        <a className="btn" href={`/admin/suites/${suite.id}/report`}>
          Quality report
        </a>
      </p>
      <h2 id="items">Items</h2>
      {items.problem ? (
        <div className="error-summary" role="alert">
          <p>{items.problem}</p>
        </div>
      ) : null}
      <form method="get" action={`/admin/suites/${suite.id}#items`} className="filter-row" aria-label="Filter items">
        <label>
          Adjudication{" "}
          <select name="status" className="form-control" defaultValue={items.query.status ?? ""}>
            <option value="">Any</option>
            {ITEM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ITEM_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          Gold{" "}
          <select name="gold" className="form-control" defaultValue={items.query.gold ?? ""}>
            <option value="">Any</option>
            <option value="yes">Gold only</option>
            <option value="no">Not gold</option>
          </select>
        </label>{" "}
        <label>
          Holds{" "}
          <select name="holds" className="form-control" defaultValue={items.query.holds ?? ""}>
            <option value="">Any</option>
            <option value="yes">Held now</option>
            <option value="no">Not held</option>
          </select>
        </label>{" "}
        <button type="submit" className="btn">
          Filter
        </button>
      </form>
      <p role="status">
        {items.page.total === 0
          ? "No items match."
          : `Items ${Math.min(first + 1, items.page.total)}–${Math.min(first + items.page.items.length, items.page.total)} of ${items.page.total}`}
      </p>
      <SuiteItemsClient
        suiteId={suite.id}
        items={items.page.items.map((item) => ({
          ...item,
          holds: item.holds.map((hold) => ({ ...hold, heldUntil: hold.heldUntil.toISOString() })),
        }))}
      />
      <nav aria-label="Item pages" className="pager">
        {items.page.page > 1 ? (
          <a href={pageHref(suite.id, items.query, items.page.page - 1)}>← Previous items</a>
        ) : null}
        {first + items.page.items.length < items.page.total ? (
          <a href={pageHref(suite.id, items.query, items.page.page + 1)}>Next items →</a>
        ) : null}
      </nav>
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
      <SuiteSettingsClient
        suiteId={suite.id}
        raters={raterChoices}
        initial={{
          raterIds: [...raterIds],
          overlapK: suite.overlapK,
          holdMinutes: suite.holdSeconds / 60,
          goldPercent: Math.round(suite.goldShare * 100),
        }}
      />
      <GuidelinesEditor patchUrl={`/api/suites/${suite.id}`} initial={guidelines} />
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
