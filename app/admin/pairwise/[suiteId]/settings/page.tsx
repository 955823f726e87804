// Managing a pairwise suite (admin), as an item suite is managed on its page:
// pause and archive, its raters' progress, who may compare its pairs, k, hold
// time and the verdict-only option, its SMEs, and its guidelines.
import type { Metadata } from "next";
import Link from "next/link";
import { GuidelinesEditor } from "@/components/suite-settings/guidelines-editor";
import { SuiteStateButtons } from "@/components/suite-settings/suite-state-buttons";
import { TableScroll } from "@/components/table-scroll";
import { requirePageActor } from "@/lib/auth/page-guard";
import { orNotFound } from "@/lib/http/or-not-found";
import { pairwiseRaterProgress } from "@/lib/pairwise/rater-progress";
import { getPairwiseSuiteSettings } from "@/lib/pairwise/suite-settings";
import { getPairwiseSuite } from "@/lib/pairwise/suites";
import { memberChoices } from "@/lib/suites/member-choices";
import { listUsers } from "@/lib/users/service";
import { PairwiseReviewersClient } from "../pairwise-reviewers-client";
import { PairwiseSettingsClient } from "./pairwise-settings-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Manage pairwise suite" };

export default async function PairwiseSuiteSettingsPage({ params }: { params: Promise<{ suiteId: string }> }) {
  const { suiteId } = await params;
  const actor = await requirePageActor({ returnTo: `/admin/pairwise/${suiteId}/settings`, action: "suites.manage" });
  const suite = await orNotFound(getPairwiseSuite({ actor, suiteId }));
  const [settings, raters, users] = await Promise.all([
    getPairwiseSuiteSettings({ actor, suiteId: suite.id }),
    pairwiseRaterProgress({ actor, suiteId: suite.id }),
    listUsers({ actor }),
  ]);
  const patchUrl = `/api/pairwise/suites/${suite.id}`;
  return (
    <>
      <p>
        <Link href="/admin/pairwise">← Pairwise suites</Link> ·{" "}
        <Link href={`/admin/pairwise/${suite.id}`}>Leaderboard</Link>
      </p>
      <h1>
        {suite.name} <code>{suite.key}</code>
      </h1>
      {settings.archived ? (
        <p className="notice notice-warning" data-testid="suite-archived">
          Archived: out of every queue and of the pairwise suites list. Its pairs and records are kept and can be
          exported.
        </p>
      ) : null}
      {settings.paused ? (
        <p className="notice notice-warning" data-testid="suite-paused">
          Paused: no pairs are handed out; its raters see that it is paused. A pair they hold can still be submitted.
        </p>
      ) : null}
      <p data-testid="suite-facts">
        {suite.design === "baseline" ? `Against ${suite.baselineSystem}` : "All pairs"} · {suite.pairs} pairs ·{" "}
        {suite.judgmentsSubmitted} judgments · overlap k = {settings.overlapK} · pairs held for {settings.holdMinutes}{" "}
        minutes · {settings.verdictOnly ? "verdict and reason only" : "verdict, reason and the rubric"} ·{" "}
        {settings.openToAllRaters ? "open to every rater and SME" : `${settings.raterIds.length} raters on its list`}
      </p>
      <SuiteStateButtons patchUrl={patchUrl} paused={settings.paused} archived={settings.archived} noun="pairs" />
      <h2 id="raters-title">Raters</h2>
      {raters.length === 0 ? (
        <p>Nobody is on the list or has compared a pair yet.</p>
      ) : (
        <TableScroll label="Raters">
          <table className="records-table" data-testid="rater-progress" aria-labelledby="raters-title">
            <thead>
              <tr>
                <th scope="col">Rater</th>
                <th scope="col">On the list</th>
                <th scope="col">Submitted</th>
                <th scope="col">Holding now</th>
                <th scope="col">Skipped</th>
                <th scope="col">Last judgment</th>
              </tr>
            </thead>
            <tbody>
              {raters.map((rater) => (
                <tr key={rater.userId}>
                  <td>
                    {rater.name} &lt;{rater.email}&gt;
                  </td>
                  <td>{rater.onList ? "Yes" : settings.openToAllRaters ? "No (the suite is open to all)" : "No"}</td>
                  <td>{rater.submitted}</td>
                  <td>{rater.held}</td>
                  <td>{rater.skipped}</td>
                  <td>{rater.lastSubmittedAt?.toISOString().replace("T", " ").slice(0, 19) ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <PairwiseSettingsClient
        patchUrl={patchUrl}
        raters={memberChoices(users, { current: settings.raterIds, roles: ["rater", "sme"] })}
        initial={{
          raterIds: settings.raterIds,
          openToAllRaters: settings.openToAllRaters,
          overlapK: settings.overlapK,
          holdMinutes: settings.holdMinutes,
          verdictOnly: settings.verdictOnly,
        }}
      />
      <PairwiseReviewersClient
        suiteId={suite.id}
        initial={settings.reviewerIds}
        smes={memberChoices(users, { current: settings.reviewerIds, roles: ["sme"], showRoles: false })}
      />
      <GuidelinesEditor patchUrl={patchUrl} initial={settings.guidelines} where="beside every pair of this suite" />
    </>
  );
}
