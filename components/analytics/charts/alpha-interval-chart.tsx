"use client";
// Krippendorff's alpha per dimension and pairing, with its bootstrap interval.
import { fieldName } from "@/lib/aif/field-labels";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { LikertAgreement } from "@/lib/analytics/agreement-report";
import { ChartDownloads } from "./chart-downloads";

const PAIRINGS = [
  { key: "humanHuman", label: "human↔human" },
  { key: "humanJudge", label: "human↔judge" },
  { key: "judgeJudge", label: "judge↔judge" },
] as const;

export function AlphaIntervalChart({ likert }: { likert: LikertAgreement[] }) {
  const rows = likert.flatMap((entry) =>
    PAIRINGS.flatMap(({ key, label }) => {
      const cell = entry[key];
      if (cell.alpha === null) return [];
      return [
        {
          name: `${fieldName(entry.dimension)} · ${label}`,
          dimension: entry.dimension,
          pairing: label,
          alpha: cell.alpha,
          ci_low: cell.low,
          ci_high: cell.high,
          units: cell.units,
          error: cell.low === null || cell.high === null ? [0, 0] : [cell.alpha - cell.low, cell.high - cell.alpha],
        },
      ];
    }),
  );
  if (rows.length === 0)
    return <p>No dimension has an α yet: it needs at least two units with two ratings that are not all the same.</p>;
  return (
    <figure className="chart" data-testid="alpha-chart">
      <figcaption>
        α per dimension and pairing; whiskers are the 95 % bootstrap interval; 0.8 is a common bar for reliable data.
      </figcaption>
      <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 28 + 40)}>
        <BarChart data={rows} layout="vertical" margin={{ left: 40, right: 16 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" domain={[-0.2, 1]} ticks={[0, 0.2, 0.4, 0.6, 0.8, 1]} />
          <YAxis type="category" dataKey="name" width={230} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => (typeof value === "number" ? value.toFixed(3) : String(value))} />
          <ReferenceLine
            x={0.8}
            stroke="#16a34a"
            strokeDasharray="4 4"
            label={{ value: "0.8", position: "top", fontSize: 11 }}
          />
          <Bar dataKey="alpha" name="α" fill="#1d4ed8" isAnimationActive={false}>
            <ErrorBar dataKey="error" width={6} strokeWidth={1.5} stroke="currentColor" direction="x" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <ChartDownloads name="alpha" rows={rows.map(({ error: _error, name: _name, ...row }) => row)} />
    </figure>
  );
}
