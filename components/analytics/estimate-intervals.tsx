// The three estimates of one mean (judge only, human only, corrected) as text
// and as one small chart of their 95 % intervals on the measure's scale:
// shared by the quality report's estimates and the pairwise leaderboard's.
import type { Interval } from "@/lib/estimates/interval";

export type ThreeEstimates = {
  judgeOnly: Interval | null;
  humanOnly: Interval | null;
  corrected: Interval | null;
};

export function IntervalText({ interval, digits }: { interval: Interval | null; digits: number }) {
  if (!interval) return <>—</>;
  const fixed = (value: number) => value.toFixed(digits);
  return (
    <>
      {fixed(interval.estimate)}{" "}
      <span className="help-block">
        [{fixed(interval.lower)}, {fixed(interval.upper)}]
      </span>
    </>
  );
}

export const ESTIMATE_ROWS = [
  { key: "judgeOnly", label: "judge only (biased)", className: "estimate-judge" },
  { key: "humanOnly", label: "human only", className: "estimate-human" },
  { key: "corrected", label: "corrected", className: "estimate-corrected" },
] as const;

/** The three intervals, top to bottom, on the scale [low, high]; its label says the figures in words. */
export function IntervalChart({ estimates, scale }: { estimates: ThreeEstimates; scale: [number, number] }) {
  const [low, high] = scale;
  const x = (value: number) => 4 + (Math.min(high, Math.max(low, value)) - low) * (152 / (high - low));
  const description = ESTIMATE_ROWS.map(({ key, label }) => {
    const interval = estimates[key];
    return interval ? `${label} ${interval.estimate.toFixed(2)}` : `${label}: none`;
  }).join("; ");
  return (
    <svg viewBox="0 0 160 36" width="160" height="36" role="img" aria-label={description} className="estimate-chart">
      <line x1={4} x2={156} y1={34} y2={34} className="estimate-axis" />
      {ESTIMATE_ROWS.map(({ key, className }, row) => {
        const interval = estimates[key];
        if (!interval) return null;
        const y = 6 + row * 10;
        return (
          <g key={key} className={className}>
            <line x1={x(interval.lower)} x2={x(interval.upper)} y1={y} y2={y} strokeWidth={2} />
            <circle cx={x(interval.estimate)} cy={y} r={3} />
          </g>
        );
      })}
    </svg>
  );
}
