// A suite's quality report (admin): do raters agree, per dimension and
// pairing, and can the LLM judge be trusted. The JSON is the same numbers.
import type { Metadata } from "next";
import Link from "next/link";
import { AgentMetricsTable } from "@/components/analytics/agent-metrics-table";
import { AgreementTables } from "@/components/analytics/agreement-tables";
import { CalibrationTable } from "@/components/analytics/calibration-table";
import { ConfidenceTable } from "@/components/analytics/confidence-table";
import { ReportCharts } from "@/components/analytics/charts/report-charts";
import { JudgeVerdictPanel } from "@/components/analytics/judge-verdict-panel";
import { SliceForm } from "@/components/analytics/slice-form";
import { drillDownHref } from "@/lib/analytics/drill-pairing";
import { judgeVerdict } from "@/lib/analytics/judge-verdict";
import { reportSliceOf, sliceParametersOf } from "@/lib/analytics/report-slice";
import type { ReportSlice } from "@/lib/analytics/suite-report";
import { suiteReport } from "@/lib/analytics/suite-report";
import { requirePageActor } from "@/lib/auth/page-guard";
import { orNotFound } from "@/lib/http/or-not-found";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Quality report" };

function sliceQuery(slice: ReportSlice): string {
  const text = sliceParametersOf(slice).toString();
  return text ? `?${text}` : "";
}

export default async function SuiteReportPage({
  params,
  searchParams,
}: {
  params: Promise<{ suiteId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { suiteId } = await params;
  const slice = reportSliceOf(await searchParams);
  const actor = await requirePageActor({ returnTo: `/admin/suites/${suiteId}/report`, action: "suites.manage" });
  const report = await orNotFound(suiteReport({ actor, suiteId, slice }));
  return (
    <>
      <p>
        <Link href={`/admin/suites/${report.suite.id}`}>← {report.suite.name}</Link>
      </p>
      <h1>Quality report · {report.suite.name}</h1>
      <SliceForm slice={report.slice} options={report.sliceOptions} />
      <p>
        {report.ratings} ratings of {report.items} items
        {report.slice.systemUnderTest || report.slice.modality || report.slice.tag ? " in this slice" : ""}.{" "}
        <a
          href={`/api/suites/${report.suite.id}/report${sliceQuery(report.slice)}`}
          download={`report-${report.suite.key}.json`}
        >
          Download as JSON
        </a>
        <span className="help-block">
          {" "}
          · computed {report.computed.at.toISOString().slice(0, 19).replace("T", " ")} UTC in {report.computed.ms} ms
          {report.computed.cached ? " (cached; recomputed when the suite's ratings change)" : ""}
        </span>
      </p>
      <JudgeVerdictPanel verdict={judgeVerdict(report)} />
      <CalibrationTable calibration={report.calibration} />
      <ConfidenceTable confidence={report.calibration.confidence} />
      <ReportCharts
        report={{ likert: report.likert, distributions: report.distributions, judgeHumanGrids: report.judgeHumanGrids }}
        calibration={report.calibration}
      />
      <AgreementTables report={report} drillHref={(cell) => drillDownHref(report.suite.id, report.slice, cell)} />
      <AgentMetricsTable metrics={report.agent} />
    </>
  );
}
