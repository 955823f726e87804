// Pairwise suites (admin): each with its design, systems and progress, and a
// link to its leaderboard. Suites are created with POST /api/pairwise/suites.
import { TableScroll } from "@/components/table-scroll";
import type { Metadata } from "next";
import Link from "next/link";
import { requirePageActor } from "@/lib/auth/page-guard";
import { listPairwiseSuites } from "@/lib/pairwise/suites";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pairwise suites" };

export default async function PairwiseSuitesPage() {
  const actor = await requirePageActor({ returnTo: "/admin/pairwise", action: "suites.manage" });
  const suites = await listPairwiseSuites({ actor });
  return (
    <>
      <h1>Pairwise suites</h1>
      <p className="help-block">
        Two or more systems&apos; responses to the same tasks, compared two at a time. Create one with{" "}
        <code>POST /api/pairwise/suites</code> (see the API reference).
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
              </tr>
            </thead>
            <tbody>
              {suites.map((suite) => (
                <tr key={suite.id}>
                  <td>
                    <Link href={`/admin/pairwise/${suite.id}`}>{suite.name}</Link>{" "}
                    <span className="help-block">{suite.key}</span>
                  </td>
                  <td>{suite.design === "baseline" ? `against ${suite.baselineSystem}` : "all pairs"}</td>
                  <td>{suite.systems.join(", ")}</td>
                  <td>{suite.pairs}</td>
                  <td>{suite.judgmentsSubmitted}</td>
                  <td>{suite.unmatchedTasks.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
