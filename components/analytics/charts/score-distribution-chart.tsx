"use client";
// How each score was given, human side beside the judge, per dimension, as a
// share of that side's ratings: the two sides differ in size (90 human
// ratings, 30 judge ratings), so raw counts would compare sizes, not habits.
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { fieldName } from "@/lib/aif/field-labels";
import type { ScoreDistribution } from "@/lib/analytics/agreement-report";
import { ChartDownloads } from "./chart-downloads";

const shareOf = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 1000) / 10);
const percent = (value: unknown) => (typeof value === "number" ? `${value} %` : String(value));

export function ScoreDistributionChart({ distribution }: { distribution: ScoreDistribution }) {
  const humanTotal = distribution.human.reduce((sum, count) => sum + count, 0);
  const judgeTotal = distribution.judge.reduce((sum, count) => sum + count, 0);
  const rows = [1, 2, 3, 4, 5].map((score, index) => {
    const human = distribution.human[index] ?? 0;
    const judge = distribution.judge[index] ?? 0;
    return {
      score,
      human,
      judge,
      human_share: shareOf(human, humanTotal),
      judge_share: shareOf(judge, judgeTotal),
    };
  });
  return (
    <figure className="chart" data-testid="score-distribution" data-dimension={distribution.dimension}>
      <figcaption>
        <span title={distribution.dimension}>{fieldName(distribution.dimension)}</span>
        <span className="help-block">
          {" "}
          · share of each side&apos;s ratings; {humanTotal} human-side, {judgeTotal} judge
        </span>
      </figcaption>
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="score" />
          <YAxis
            width={52}
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tickFormatter={(value: number) => `${value}%`}
          />
          <Tooltip
            formatter={(value, name, item) => {
              const count = (item.payload as Record<string, number>)[name === "Human side" ? "human" : "judge"];
              return [`${percent(value)} (${count})`, name];
            }}
          />
          <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="human_share" name="Human side" fill="#1d4ed8" isAnimationActive={false}>
            <LabelList dataKey="human_share" position="top" fontSize={11} formatter={percentLabel} />
          </Bar>
          <Bar dataKey="judge_share" name="LLM judge" fill="#f59e0b" isAnimationActive={false}>
            <LabelList dataKey="judge_share" position="top" fontSize={11} formatter={percentLabel} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <ChartDownloads name={`score-distribution-${distribution.dimension}`} rows={rows} />
    </figure>
  );
}

// A bar of 0 % gets no label, so the five pairs of labels stay readable.
function percentLabel(value: unknown): string {
  return typeof value === "number" && value > 0 ? `${Math.round(value)}%` : "";
}
