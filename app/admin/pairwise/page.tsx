// Pairwise suites (admin): each with its design, systems, progress and raters,
// links to its leaderboard and its management, archived ones only when asked
// for, and the form that builds a new one from item imports.
import { TableScroll } from "@/components/table-scroll";
import type { Metadata } from "next";
import Link from "next/link";
import { requirePageActor } from "@/lib/auth/page-guard";
import { listPairwiseSourceImports } from "@/lib/pairwise/source-imports";
import { listPairwiseSuites } from "@/lib/pairwise/suites";
import { memberChoices } from "@/lib/suites/member-choices";
import { listUsers } from "@/lib/users/service";
import { NewPairwiseSuiteClient } from "./new-pairwise-suite-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pairwise suites" };

export default async function PairwiseSuitesPage({ searchParams }: { searchParams: Promise<{ archived?: string }> }) {
  const actor = await requirePageActor({ returnTo: "/admin/pairwise", action: "suites.manage" });
  const showArchived = (await searchParams).archived === "1";
  const [suites, sources, users] = await Promise.all([
    listPairwiseSuites({ actor, includeArchived: showArchived }),
    listPairwiseSourceImports({ actor }),
    listUsers({ actor }),
  ]);
  const imports = sources.map((source) => ({
    id: source.id,
    systems: source.systems,
    label: `${source.fileName ?? "import"} · ${source.items} items · ${source.systems.join(", ")} · ${source.createdAt.toISOString().slice(0, 10)}`,
  }));
  return (
    <>
      <h1>Pairwise suites</h1>
      <p className="help-block">
        Two or more systems&apos; responses to the same tasks, compared two at a time: raters see the two responses
        blind, in a random order, and each judgment is stored as two ordinary AIF records.
      </p>
      <p>
        {showArchived ? (
          <Link href="/admin/pairwise">Hide archived suites</Link>
        ) : (
          <Link href="/admin/pairwise?archived=1">Show archived suites too</Link>
        )}
      </p>
      {suites.length === 0 ? (
        <p>No pairwise suite yet.</p>
      ) : (
        <TableScroll label="Pairwise suites">
          <table className="records-table" data-testid="pairwise-suites">
            <thead>
              <tr>
                <th scope="col">Suite</th>
                <th scope="col">Design</th>
                <th scope="col">Systems</th>
                <th scope="col">Pairs</th>
                <th scope="col">Judgments</th>
                <th scope="col">Unmatched tasks</th>
                <th scope="col">Raters</th>
              </tr>
            </thead>
            <tbody>
              {suites.map((suite) => (
                <tr key={suite.id}>
                  <td>
                    <Link href={`/admin/pairwise/${suite.id}`}>{suite.name}</Link>{" "}
                    <span className="help-block">{suite.key}</span>
                    {suite.paused ? <span className="badge"> Paused</span> : null}
                    {suite.archived ? <span className="badge"> Archived</span> : null}
                  </td>
                  <td>{suite.design === "baseline" ? `against ${suite.baselineSystem}` : "all pairs"}</td>
                  <td>{suite.systems.join(", ")}</td>
                  <td>{suite.pairs}</td>
                  <td>{suite.judgmentsSubmitted}</td>
                  <td>{suite.unmatchedTasks.length}</td>
                  <td>
                    {suite.openToAllRaters ? "every rater" : suite.raters}{" "}
                    <Link href={`/admin/pairwise/${suite.id}/settings`} aria-label={`Manage ${suite.name}`}>
                      Manage
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <NewPairwiseSuiteClient
        imports={imports}
        raters={memberChoices(users, { current: [], roles: ["rater", "sme"] })}
      />
    </>
  );
}
