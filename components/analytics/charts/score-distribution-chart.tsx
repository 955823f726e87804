"use client";
// How often each score was given, human side beside the judge, per dimension.
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ScoreDistribution } from "@/lib/analytics/agreement-report";
import { ChartDownloads } from "./chart-downloads";

export function ScoreDistributionChart({ distribution }: { distribution: ScoreDistribution }) {
  const rows = [1, 2, 3, 4, 5].map((score, index) => ({
    score,
    human: distribution.human[index] ?? 0,
    judge: distribution.judge[index] ?? 0,
  }));
  return (
    <figure className="chart" data-testid="score-distribution" data-dimension={distribution.dimension}>
      <figcaption className="mono">{distribution.dimension}</figcaption>
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -20 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="score" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="human" name="Human side" fill="#1d4ed8" isAnimationActive={false}>
            <LabelList dataKey="human" position="top" fontSize={11} />
          </Bar>
          <Bar dataKey="judge" name="LLM judge" fill="#f59e0b" isAnimationActive={false}>
            <LabelList dataKey="judge" position="top" fontSize={11} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <ChartDownloads name={`score-distribution-${distribution.dimension}`} rows={rows} />
    </figure>
  );
}
