"use client";
// The pairwise leaderboard as charts, each with its data as CSV and JSON (the
// same numbers the API answers): win rate against the baseline with its
// bootstrap interval beside the length-controlled win rate, Bradley–Terry
// ratings with intervals, the predicted win matrix, position bias per rater
// type, and agreement on the preference. Presentational.
import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartDownloads } from "@/components/analytics/charts/chart-downloads";
import { TableScroll } from "@/components/table-scroll";

type Interval = { low: number; high: number } | null;
type Rate = { wins: number; ties: number; losses: number; judgments: number; rate: number | null; interval: Interval };
type Agreement = { alpha: number | null; interval: Interval; units: number; pairable: number };

export type LeaderboardChartData = {
  /** The downloads' file name start: the suite's key and the slice. */
  fileStem: string;
  baseline: string | null;
  winRates: (Rate & {
    system: string;
    lengthControlled: { rate: number | null; lengthWeight: number | null; judgments: number };
  })[];
  bradleyTerry: {
    scores: { system: string; rating: number; ratingInterval: Interval; rank: number; judgments: number }[];
    systems: string[];
    winMatrix: number[][];
  };
  positionBias: Rate;
  positionBiasByRaterType: { raterType: string; bias: Rate }[];
  agreement: Agreement;
  agreementByRaters: { humans: Agreement; humanJudge: Agreement };
};

const errorOf = (value: number | null, interval: Interval) =>
  value === null || interval === null ? [0, 0] : [value - interval.low, interval.high - value];
const asPercent = (value: unknown) => (typeof value === "number" ? `${(value * 100).toFixed(1)}%` : String(value));
const height = (rows: number) => Math.max(140, rows * 44 + 60);

export function WinRateChart({ data }: { data: LeaderboardChartData }) {
  if (data.baseline === null || data.winRates.length === 0) return null;
  const rows = data.winRates.map((row) => ({
    system: row.system,
    baseline: data.baseline,
    judgments: row.judgments,
    wins: row.wins,
    ties: row.ties,
    losses: row.losses,
    win_rate: row.rate,
    ci_low: row.interval?.low ?? null,
    ci_high: row.interval?.high ?? null,
    length_controlled_win_rate: row.lengthControlled.rate,
    length_weight: row.lengthControlled.lengthWeight,
  }));
  const chartRows = data.winRates.map((row) => ({
    system: row.system,
    win_rate: row.rate,
    length_controlled: row.lengthControlled.rate,
    error: errorOf(row.rate, row.interval),
  }));
  return (
    <figure className="chart" data-testid="win-rate-chart">
      <figcaption>
        Win rate against {data.baseline} (ties half) with its 95% bootstrap interval, beside the length-controlled win
        rate; 50% is parity.
      </figcaption>
      <ResponsiveContainer width="100%" height={height(rows.length)}>
        <BarChart data={chartRows} layout="vertical" margin={{ left: 24, right: 16 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" domain={[0, 1]} tickFormatter={asPercent} />
          <YAxis type="category" dataKey="system" width={160} tick={{ fontSize: 12 }} />
          <Tooltip formatter={asPercent} />
          <Legend />
          <ReferenceLine x={0.5} stroke="#6b7280" strokeDasharray="4 4" />
          <Bar dataKey="win_rate" name="Win rate" fill="#1d4ed8" isAnimationActive={false}>
            <ErrorBar dataKey="error" width={6} strokeWidth={1.5} stroke="currentColor" direction="x" />
          </Bar>
          <Bar dataKey="length_controlled" name="Length-controlled" fill="#f59e0b" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      <ChartDownloads name={`${data.fileStem}-win-rates`} rows={rows} />
    </figure>
  );
}

export function BradleyTerryChart({ data }: { data: LeaderboardChartData }) {
  const scores = [...data.bradleyTerry.scores].sort((a, b) => a.rank - b.rank);
  if (scores.length === 0) return null;
  const rows = scores.map((score) => ({
    rank: score.rank,
    system: score.system,
    rating: score.rating,
    ci_low: score.ratingInterval?.low ?? null,
    ci_high: score.ratingInterval?.high ?? null,
    judgments: score.judgments,
  }));
  const low = Math.min(...scores.map((score) => score.ratingInterval?.low ?? score.rating));
  const high = Math.max(...scores.map((score) => score.ratingInterval?.high ?? score.rating));
  const pad = Math.max(10, (high - low) * 0.1);
  return (
    <figure className="chart" data-testid="bradley-terry-chart">
      <figcaption>Bradley–Terry rating (Elo scale, centred at 1000) with its 95% bootstrap interval.</figcaption>
      <ResponsiveContainer width="100%" height={height(rows.length)}>
        <BarChart
          data={scores.map((score) => ({
            system: score.system,
            rating: score.rating,
            error: errorOf(score.rating, score.ratingInterval),
          }))}
          layout="vertical"
          margin={{ left: 24, right: 16 }}
          accessibilityLayer
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[Math.floor(low - pad), Math.ceil(high + pad)]}
            tickFormatter={(value: number) => value.toFixed(0)}
          />
          <YAxis type="category" dataKey="system" width={160} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => (typeof value === "number" ? value.toFixed(0) : String(value))} />
          <ReferenceLine x={1000} stroke="#6b7280" strokeDasharray="4 4" />
          <Bar dataKey="rating" name="Rating" fill="#1d4ed8" isAnimationActive={false}>
            <ErrorBar dataKey="error" width={6} strokeWidth={1.5} stroke="currentColor" direction="x" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <ChartDownloads name={`${data.fileStem}-bradley-terry`} rows={rows} />
    </figure>
  );
}

export function WinMatrixHeatmap({ data }: { data: LeaderboardChartData }) {
  const { systems, winMatrix } = data.bradleyTerry;
  if (systems.length < 2) return null;
  const rows = systems.flatMap((system, row) =>
    systems.flatMap((opponent, column) =>
      row === column ? [] : [{ system, opponent, predicted_win_probability: winMatrix[row]![column]! }],
    ),
  );
  return (
    <figure className="chart" data-testid="win-matrix-chart">
      <figcaption>Predicted probability that the row&apos;s system beats the column&apos;s (Bradley–Terry).</figcaption>
      <TableScroll label="Predicted win probabilities, shaded">
        <table className="heatmap">
          <thead>
            <tr>
              <th scope="col">row beats column</th>
              {systems.map((system) => (
                <th key={system} scope="col">
                  {system}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {systems.map((system, row) => (
              <tr key={system}>
                <th scope="row">{system}</th>
                {systems.map((opponent, column) => {
                  const probability = winMatrix[row]![column]!;
                  // Blue above even odds, orange below; the stronger, the deeper — at most 0.7 opaque, so
                  // the page's dark text keeps a 4.5:1 contrast on every cell (white text failed axe on
                  // mid-depth blue, and on orange at any depth).
                  const strength = Math.min(1, Math.abs(probability - 0.5) * 2);
                  const color = probability >= 0.5 ? "29, 78, 216" : "217, 119, 6";
                  return (
                    <td
                      key={opponent}
                      style={
                        row === column
                          ? undefined
                          : {
                              background: `rgba(${color}, ${0.1 + 0.6 * strength})`,
                            }
                      }
                    >
                      {row === column ? "—" : asPercent(probability)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <ChartDownloads name={`${data.fileStem}-win-matrix`} rows={rows} />
    </figure>
  );
}

export function PositionBiasChart({ data }: { data: LeaderboardChartData }) {
  const entries = [{ raterType: "all (as shown)", bias: data.positionBias }, ...data.positionBiasByRaterType];
  const rows = entries.map(({ raterType, bias }) => ({
    rater_type: raterType,
    judgments: bias.judgments,
    left: bias.wins,
    tie: bias.ties,
    right: bias.losses,
    left_share: bias.rate,
    ci_low: bias.interval?.low ?? null,
    ci_high: bias.interval?.high ?? null,
  }));
  return (
    <figure className="chart" data-testid="position-bias-chart">
      <figcaption>
        Share of verdicts for the response shown first (left), ties half, with its 95% bootstrap interval; 50% is no
        bias. The judge&apos;s row counts its raw verdicts of both orders.
      </figcaption>
      <ResponsiveContainer width="100%" height={height(rows.length)}>
        <BarChart
          data={entries.map(({ raterType, bias }) => ({
            rater_type: raterType,
            left_share: bias.rate,
            error: errorOf(bias.rate, bias.interval),
          }))}
          layout="vertical"
          margin={{ left: 24, right: 16 }}
          accessibilityLayer
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" domain={[0, 1]} tickFormatter={asPercent} />
          <YAxis type="category" dataKey="rater_type" width={160} tick={{ fontSize: 12 }} />
          <Tooltip formatter={asPercent} />
          <ReferenceLine x={0.5} stroke="#6b7280" strokeDasharray="4 4" />
          <Bar dataKey="left_share" name="Left share" fill="#7c3aed" isAnimationActive={false}>
            <ErrorBar dataKey="error" width={6} strokeWidth={1.5} stroke="currentColor" direction="x" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <ChartDownloads name={`${data.fileStem}-position-bias`} rows={rows} />
    </figure>
  );
}

export function PreferenceAgreementChart({ data }: { data: LeaderboardChartData }) {
  const entries = [
    { pairing: "human↔human", agreement: data.agreementByRaters.humans },
    { pairing: "human↔judge", agreement: data.agreementByRaters.humanJudge },
    { pairing: "all judgments", agreement: data.agreement },
  ];
  const rows = entries.map(({ pairing, agreement }) => ({
    pairing,
    alpha: agreement.alpha,
    ci_low: agreement.interval?.low ?? null,
    ci_high: agreement.interval?.high ?? null,
    units: agreement.units,
    pairable: agreement.pairable,
  }));
  const defined = entries.filter(({ agreement }) => agreement.alpha !== null);
  return (
    <figure className="chart" data-testid="preference-agreement-chart">
      <figcaption>
        Ordinal Krippendorff&apos;s α on the five-level preference with its 95% bootstrap interval; 0.8 is a common bar
        for reliable data. Human↔judge pairs each human verdict with the judge&apos;s on the same pair.
      </figcaption>
      {defined.length === 0 ? (
        <p>No α yet: it needs pairs judged twice whose verdicts are not all the same.</p>
      ) : (
        <ResponsiveContainer width="100%" height={height(defined.length)}>
          <BarChart
            data={defined.map(({ pairing, agreement }) => ({
              pairing,
              alpha: agreement.alpha,
              error: errorOf(agreement.alpha, agreement.interval),
            }))}
            layout="vertical"
            margin={{ left: 24, right: 16 }}
            accessibilityLayer
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" domain={[-0.2, 1]} ticks={[0, 0.2, 0.4, 0.6, 0.8, 1]} />
            <YAxis type="category" dataKey="pairing" width={160} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value) => (typeof value === "number" ? value.toFixed(3) : String(value))} />
            <ReferenceLine x={0.8} stroke="#16a34a" strokeDasharray="4 4" />
            <Bar dataKey="alpha" name="α" fill="#1d4ed8" isAnimationActive={false}>
              <ErrorBar dataKey="error" width={6} strokeWidth={1.5} stroke="currentColor" direction="x" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
      <ChartDownloads name={`${data.fileStem}-preference-agreement`} rows={rows} />
    </figure>
  );
}

export function LeaderboardCharts({ data }: { data: LeaderboardChartData }) {
  return (
    <section className="panel" aria-labelledby="leaderboard-charts">
      <h2 id="leaderboard-charts">Charts</h2>
      <WinRateChart data={data} />
      <BradleyTerryChart data={data} />
      <WinMatrixHeatmap data={data} />
      <PositionBiasChart data={data} />
      <PreferenceAgreementChart data={data} />
    </section>
  );
}
