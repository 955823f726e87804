// Pairwise suites (admin): each with its design, systems and progress, a link
// to its leaderboard, and the form that builds a new one from item imports.
import { TableScroll } from "@/components/table-scroll";
import type { Metadata } from "next";
import Link from "next/link";
import { requirePageActor } from "@/lib/auth/page-guard";
import { listPairwiseSourceImports } from "@/lib/pairwise/source-imports";
import { listPairwiseSuites } from "@/lib/pairwise/suites";
import { NewPairwiseSuiteClient } from "./new-pairwise-suite-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pairwise suites" };

export default async function PairwiseSuitesPage() {
  const actor = await requirePageActor({ returnTo: "/admin/pairwise", action: "suites.manage" });
  const [suites, sources] = await Promise.all([listPairwiseSuites({ actor }), listPairwiseSourceImports({ actor })]);
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
      <NewPairwiseSuiteClient imports={imports} />
    </>
  );
}
