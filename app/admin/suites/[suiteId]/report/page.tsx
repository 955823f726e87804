// A suite's quality report (admin): do raters agree, per dimension and
// pairing, and can the LLM judge be trusted. The JSON is the same numbers.
import type { Metadata } from "next";
import Link from "next/link";
import { AdjudicationLessonsSection } from "@/components/analytics/adjudication-lessons-section";
import { AgentMetricsTable } from "@/components/analytics/agent-metrics-table";
import { AgreementTables } from "@/components/analytics/agreement-tables";
import { CalibrationTable } from "@/components/analytics/calibration-table";
import { ConfidenceTable } from "@/components/analytics/confidence-table";
import { EstimatesSection } from "@/components/analytics/estimates-section";
import { ReportCharts } from "@/components/analytics/charts/report-charts";
import { JudgeVerdictPanel } from "@/components/analytics/judge-verdict-panel";
import { ReportContents, type ReportSection } from "@/components/analytics/report-contents";
import { SliceForm } from "@/components/analytics/slice-form";
import type { RaterType } from "@/lib/analytics/agreement-report";
import { drillDownHref } from "@/lib/analytics/drill-pairing";
import { judgeVerdict } from "@/lib/analytics/judge-verdict";
import { reportSliceOf, sliceParametersOf } from "@/lib/analytics/report-slice";
import type { ReportSlice } from "@/lib/analytics/suite-report";
import { suiteReport } from "@/lib/analytics/suite-report";
import { requirePageActor } from "@/lib/auth/page-guard";
import { withTargetWidth } from "@/lib/estimates/ratings-estimates";
import { targetWidthOf } from "@/lib/estimates/validation";
import { orNotFound } from "@/lib/http/or-not-found";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Quality report" };

// The report's sections in page order; drift has a section only when some rater has gold ratings.
function sectionsOf(hasDrift: boolean): ReportSection[] {
  return [
    { id: "judge-verdict", title: "Can the judge be trusted?" },
    { id: "estimates", title: "Estimates: judge, humans, corrected" },
    { id: "calibration", title: "Gold calibration and drift" },
    { id: "confidence-calibration", title: "Do raters know when they know?" },
    { id: "adjudication-lessons", title: "What adjudication teaches" },
    { id: "confidence-vs-adjudicated", title: "Confidence against adjudicated answers" },
    { id: "charts-agreement", title: "Agreement at a glance" },
    { id: "charts-scores", title: "Score distributions" },
    ...(hasDrift ? [{ id: "charts-drift", title: "Drift on gold items" }] : []),
    { id: "charts-grid", title: "Judge vs human" },
    { id: "likert-agreement", title: "Agreement per dimension" },
    { id: "type-agreement", title: "Agreement within each rater type" },
    { id: "nominal-agreement", title: "Agreement on verdicts and tags" },
    { id: "judge-trust", title: "Judge trust in detail" },
    { id: "agent-metrics", title: "Agent runs" },
  ];
}

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
  const query = await searchParams;
  const slice = reportSliceOf(query);
  const targetWidth = targetWidthOf(query.target_width);
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
      <div className="report-layout">
        <ReportContents sections={sectionsOf(report.calibration.raters.some((rater) => rater.dimensions.length > 0))} />
        <div>
          <JudgeVerdictPanel verdict={judgeVerdict(report)} />
          <EstimatesSection
            estimates={withTargetWidth(report.estimates, targetWidth)}
            hiddenFields={[...sliceParametersOf(report.slice)]}
          />
          <CalibrationTable
            calibration={report.calibration}
            drillHref={(rater, dimension) =>
              drillDownHref(report.suite.id, report.slice, {
                field: dimension,
                pairing:
                  rater.raterType === "sme" || rater.raterType === "human"
                    ? "human_human"
                    : { raterType: rater.raterType as RaterType },
                rater: rater.rater,
                gold: true,
              })
            }
          />
          <ConfidenceTable confidence={report.calibration.confidence} />
          <AdjudicationLessonsSection
            lessons={report.lessons}
            drillHref={(dimension) =>
              drillDownHref(report.suite.id, report.slice, { field: dimension, pairing: "human_human" })
            }
          />
          <ConfidenceTable confidence={report.lessons.confidence} reference="adjudicated" />
          <ReportCharts
            report={{
              likert: report.likert,
              distributions: report.distributions,
              judgeHumanGrids: report.judgeHumanGrids,
            }}
            calibration={report.calibration}
          />
          <AgreementTables report={report} drillHref={(cell) => drillDownHref(report.suite.id, report.slice, cell)} />
          <AgentMetricsTable metrics={report.agent} />
        </div>
      </div>
    </>
  );
}
