// Where an adjudicator starts: the suites they adjudicate, with how many
// items wait for a decision in each.
import { TableScroll } from "@/components/table-scroll";
import type { Metadata } from "next";
import Link from "next/link";
import { adjudicatedSuites } from "@/lib/adjudication/service";
import { requirePageActor } from "@/lib/auth/page-guard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Adjudication" };

export default async function AdjudicationIndexPage() {
  const actor = await requirePageActor({ returnTo: "/adjudicate", action: "adjudicate" });
  const suites = await adjudicatedSuites({ actor });
  return (
    <>
      <h1>Adjudication</h1>
      <p className="help-block">
        Items whose ratings disagree beyond the suite&apos;s rule wait here for an authoritative decision. You never
        adjudicate an item you rated.
      </p>
      {suites.length === 0 ? (
        <p>You adjudicate no suite yet: an admin assigns SMEs to suites.</p>
      ) : (
        <TableScroll label="Suites you adjudicate">
          <table className="records-table" data-testid="adjudicated-suites">
            <thead>
              <tr>
                <th scope="col">Suite</th>
                <th scope="col">Need a decision</th>
                <th scope="col">Adjudicated</th>
                <th scope="col">Unanimous</th>
                <th scope="col">Too few ratings</th>
              </tr>
            </thead>
            <tbody>
              {suites.map((suite) => (
                <tr key={suite.id}>
                  <th scope="row">
                    <Link href={`/adjudicate/${suite.id}`}>{suite.name}</Link>{" "}
                    <span className="help-block">{suite.key}</span>
                  </th>
                  <td>{suite.counts.needs_adjudication}</td>
                  <td>{suite.counts.adjudicated}</td>
                  <td>{suite.counts.unanimous}</td>
                  <td>{suite.counts.too_few_ratings}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
