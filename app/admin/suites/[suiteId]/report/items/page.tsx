// The items behind one figure of a suite's quality report (admin), worst
// disagreement first; each opens the item with all its ratings side by side.
import type { Metadata } from "next";
import Link from "next/link";
import { DrillDownTable, fieldWords } from "@/components/analytics/drill-down-table";
import { drillDownHref, pairingParameter } from "@/lib/analytics/drill-pairing";
import { drillQueryOf, reportDrillDown } from "@/lib/analytics/drill-down";
import { reportSliceOf, sliceParametersOf } from "@/lib/analytics/report-slice";
import { requirePageActor } from "@/lib/auth/page-guard";
import { AppError } from "@/lib/errors";
import { orNotFound } from "@/lib/http/or-not-found";
import { getSuite } from "@/lib/suites/service";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Items behind a figure" };

const PAIRING_WORDS: Record<string, string> = {
  human_human: "human ↔ human",
  human_judge: "human ↔ judge",
  judge_judge: "judge ↔ judge",
};

export default async function ReportItemsPage({
  params,
  searchParams,
}: {
  params: Promise<{ suiteId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { suiteId } = await params;
  const search = await searchParams;
  const actor = await requirePageActor({ returnTo: `/admin/suites/${suiteId}/report`, action: "suites.manage" });
  const slice = reportSliceOf(search);
  // An unknown suite is the 404 page whatever the query says.
  await orNotFound(getSuite({ actor, suiteId }));
  let drill;
  try {
    drill = await orNotFound(reportDrillDown({ actor, suiteId, slice, query: drillQueryOf(search) }));
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "INVALID_INPUT") throw error;
    return (
      <>
        <p>
          <Link href={`/admin/suites/${suiteId}/report`}>← Quality report</Link>
        </p>
        <h1>Items behind a figure</h1>
        <div className="error-summary" role="alert">
          <p>
            {error.message}: {error.issues.map((issue) => `${issue.path.slice(1)} — ${issue.message}`).join("; ")}
          </p>
        </div>
      </>
    );
  }
  const pairing = pairingParameter(drill.pairing);
  const pairingWords = PAIRING_WORDS[pairing] ?? `within ${pairing.slice("rater_type:".length)}`;
  const reportQuery = sliceParametersOf(drill.slice).toString();
  const pageSize = 50;
  return (
    <>
      <p>
        <Link href={`/admin/suites/${drill.suite.id}/report${reportQuery ? `?${reportQuery}` : ""}`}>
          ← Quality report · {drill.suite.name}
        </Link>
      </p>
      <h1>
        {fieldWords(drill.field)} · {pairingWords}
        {drill.confusion ? ` · judge “${drill.confusion.judge}”, human “${drill.confusion.human}”` : ""}
        {drill.rater !== undefined ? ` · items rated by ${drill.rater}` : ""}
        {drill.gold === true ? " · gold items" : drill.gold === false ? " · non-gold items" : ""}
      </h1>
      <p>
        {drill.total} item{drill.total === 1 ? "" : "s"} behind this figure
        {drill.slice.systemUnderTest || drill.slice.modality || drill.slice.tag ? " in this slice" : ""}, worst
        disagreement first (
        {drill.level === "ordinal"
          ? pairing === "human_judge"
            ? "largest |human − judge| score difference"
            : "spread of the scores"
          : "number of distinct values"}
        ).
      </p>
      <DrillDownTable drill={drill} itemHref={(itemId) => `/admin/suites/${drill.suite.id}/items/${itemId}`} />
      <nav aria-label="Pages" className="pager">
        {drill.offset > 0 ? (
          <Link
            href={drillDownHref(drill.suite.id, drill.slice, {
              field: drill.field,
              pairing: drill.pairing,
              ...drill.confusion,
              rater: drill.rater,
              gold: drill.gold,
              offset: Math.max(0, drill.offset - pageSize),
            })}
          >
            ← Worse items
          </Link>
        ) : null}
        {drill.offset + drill.items.length < drill.total ? (
          <Link
            href={drillDownHref(drill.suite.id, drill.slice, {
              field: drill.field,
              pairing: drill.pairing,
              ...drill.confusion,
              rater: drill.rater,
              gold: drill.gold,
              offset: drill.offset + pageSize,
            })}
          >
            Milder items →
          </Link>
        ) : null}
      </nav>
    </>
  );
}
