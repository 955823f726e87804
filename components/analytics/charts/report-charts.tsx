"use client";
// The report's pictures: agreement with intervals, score distributions, drift
// lines per rater and the judge × human grids.
import type { AgreementReport } from "@/lib/analytics/agreement-report";
import type { SuiteCalibration } from "@/lib/analytics/suite-calibration-types";
import { AlphaIntervalChart } from "./alpha-interval-chart";
import { DriftChart } from "./drift-chart";
import { JudgeHumanHeatmap } from "./judge-human-heatmap";
import { ScoreDistributionChart } from "./score-distribution-chart";

type Props = {
  report: Pick<AgreementReport, "likert" | "distributions" | "judgeHumanGrids">;
  calibration: SuiteCalibration;
};

export function ReportCharts({ report, calibration }: Props) {
  const driftDimensions = [
    ...new Set(calibration.raters.flatMap((rater) => rater.dimensions.map((entry) => entry.dimension))),
  ].sort();
  return (
    <>
      <section className="panel" aria-labelledby="charts-agreement">
        <h2 id="charts-agreement">Agreement at a glance</h2>
        <AlphaIntervalChart likert={report.likert} />
      </section>
      <section className="panel" aria-labelledby="charts-scores">
        <h2 id="charts-scores">Score distributions</h2>
        <div className="chart-grid">
          {report.distributions.map((distribution) => (
            <ScoreDistributionChart key={distribution.dimension} distribution={distribution} />
          ))}
        </div>
      </section>
      {driftDimensions.length > 0 ? (
        <section className="panel" aria-labelledby="charts-drift">
          <h2 id="charts-drift">Drift on gold items</h2>
          {driftDimensions.map((dimension) => (
            <DriftChart key={dimension} calibration={calibration} dimension={dimension} />
          ))}
        </section>
      ) : null}
      <section className="panel" aria-labelledby="charts-grid">
        <h2 id="charts-grid">Judge vs human</h2>
        {report.judgeHumanGrids.some((grid) => grid.counts.flat().some((count) => count > 0)) ? (
          <div className="chart-grid">
            {report.judgeHumanGrids.map((grid) => (
              <JudgeHumanHeatmap key={grid.dimension} grid={grid} />
            ))}
          </div>
        ) : (
          <p>No item has both a judge rating and a human-side rating yet.</p>
        )}
      </section>
    </>
  );
}
