"use client";
// Each rater's rolling signed error on gold items for one dimension, with the
// drift threshold drawn above and below zero. A legend names the lines: labels
// at the lines' ends collided whenever two raters ended near the same error.
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { fieldName } from "@/lib/aif/field-labels";
import type { SuiteCalibration } from "@/lib/analytics/suite-calibration-types";
import { ChartDownloads } from "./chart-downloads";

const COLORS = ["#1d4ed8", "#dc2626", "#059669", "#7c3aed", "#d97706", "#0891b2", "#be185d", "#4b5563"];

export function DriftChart({ calibration, dimension }: { calibration: SuiteCalibration; dimension: string }) {
  const raters = calibration.raters.filter((rater) => rater.dimensions.some((entry) => entry.dimension === dimension));
  if (raters.length === 0) return null;
  const length = Math.max(
    ...raters.map((rater) => rater.dimensions.find((entry) => entry.dimension === dimension)!.series.length),
  );
  const rows = Array.from({ length }, (_, index) => {
    const row: Record<string, number | null> = { gold_rating: index + 1 };
    for (const rater of raters)
      row[rater.name] =
        rater.dimensions.find((entry) => entry.dimension === dimension)!.series[index]?.rollingSignedError ?? null;
    return row;
  });
  return (
    <figure className="chart" data-testid="drift-chart" data-dimension={dimension}>
      <figcaption>
        <span title={dimension}>{fieldName(dimension)}</span>: rolling mean signed error over each rater&apos;s last{" "}
        {calibration.window} gold ratings; the shaded band is ±{calibration.threshold}.
      </figcaption>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={rows} margin={{ top: 12, right: 16, left: -10, bottom: 16 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="gold_rating"
            label={{ value: "gold rating #", position: "insideBottomRight", offset: -4, fontSize: 11 }}
          />
          <YAxis domain={[-4, 4]} ticks={[-4, -2, 0, 2, 4]} />
          <ReferenceArea y1={-calibration.threshold} y2={calibration.threshold} fill="#16a34a" fillOpacity={0.08} />
          <Legend verticalAlign="bottom" wrapperStyle={{ fontSize: 12, paddingTop: 8 }} />
          <Tooltip formatter={(value) => (typeof value === "number" ? value.toFixed(2) : String(value))} />
          {raters.map((rater, index) => (
            <Line
              key={rater.rater}
              dataKey={rater.name}
              stroke={COLORS[index % COLORS.length]}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
      <ChartDownloads name={`drift-${dimension}`} rows={rows} />
    </figure>
  );
}
