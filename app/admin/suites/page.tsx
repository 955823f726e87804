// Suites (admin): create a suite from imported items and watch every suite's
// progress; archived suites only when asked for.
import type { Metadata } from "next";
import Link from "next/link";
import { ProgressMeter } from "@/components/progress-meter";
import { requirePageActor } from "@/lib/auth/page-guard";
import { listImports } from "@/lib/imports/service";
import { suiteCalibration } from "@/lib/analytics/suite-calibration";
import { listSuites } from "@/lib/suites/service";
import { goldDescription } from "@/lib/suites/gold-description";
import { listUsers } from "@/lib/users/service";
import { NewSuiteClient } from "./new-suite-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Suites" };

export default async function SuitesPage({
  searchParams,
}: {
  searchParams: Promise<{ archived?: string; import?: string | string[] }>;
}) {
  const actor = await requirePageActor({ returnTo: "/admin/suites", action: "suites.manage" });
  const query = await searchParams;
  const showArchived = query.archived === "1";
  // ?import=<id> (the import page's "Create a suite from these items"): that import is ticked in the form.
  const preselected = [query.import ?? []].flat();
  const [suites, imports, users] = await Promise.all([
    listSuites({ actor, includeArchived: showArchived }),
    listImports({ actor, kind: "items" }),
    listUsers({ actor }),
  ]);
  // The admin's dashboard: raters drifting from the gold answers, per suite.
  const calibrations = await Promise.all(suites.map((suite) => suiteCalibration({ actor, suiteId: suite.id })));
  const driftingOf = new Map(
    suites.map((suite, index) => [suite.id, calibrations[index]!.raters.filter((rater) => rater.drifting.length > 0)]),
  );
  const raters = users.filter(
    (user) => !user.disabledAt && user.roles.some((role) => role === "rater" || role === "sme"),
  );
  return (
    <>
      <h1>Suites</h1>
      <p>
        {showArchived ? (
          <Link href="/admin/suites">Hide archived suites</Link>
        ) : (
          <Link href="/admin/suites?archived=1">Show archived suites too</Link>
        )}
      </p>
      {suites.length === 0 ? (
        <p>No suites yet.</p>
      ) : (
        <ul className="suite-list">
          {suites.map((suite) => (
            <li key={suite.id} className="panel">
              <h2>
                <Link href={`/admin/suites/${suite.id}`}>{suite.name}</Link> <code>{suite.key}</code>
                {suite.paused ? <span className="badge"> Paused</span> : null}
                {suite.archived ? <span className="badge"> Archived</span> : null}
              </h2>
              <p>
                {goldDescription(suite)} · overlap k = {suite.overlapK} · {suite.completeItems} complete
              </p>
              <ProgressMeter
                label="Ratings"
                value={suite.ratingsSubmitted}
                max={suite.ratingsNeeded}
                detail={`${suite.ratingsSubmitted} of ${suite.ratingsNeeded}`}
              />
              {driftingOf.get(suite.id)!.length > 0 ? (
                <p className="notice notice-error" data-testid="suite-drift-warning">
                  Drifting from the gold answers:{" "}
                  {driftingOf
                    .get(suite.id)!
                    .map((rater) => rater.name)
                    .join(", ")}{" "}
                  — <Link href={`/admin/suites/${suite.id}/report`}>quality report</Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <NewSuiteClient
        preselectedImportIds={preselected.filter((id) => imports.some((entry) => entry.id === id))}
        imports={imports
          .filter((entry) => entry.status === "committed" && (entry.imported ?? 0) > 0)
          .map((entry) => ({
            id: entry.id,
            label: `${entry.fileName ?? entry.id} (${entry.format}, ${entry.imported} items)`,
          }))}
        raters={raters.map((user) => ({
          id: user.id,
          label: `${user.name} <${user.email}> (${user.roles.join(", ")})`,
        }))}
      />
    </>
  );
}
