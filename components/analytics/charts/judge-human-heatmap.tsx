"use client";
// Judge score × human score for one dimension: each cell's count, shaded by
// its share of the largest; the diagonal is agreement.
import { fieldName } from "@/lib/aif/field-labels";
import type { JudgeHumanGrid } from "@/lib/analytics/agreement-report";
import { ChartDownloads } from "./chart-downloads";

export function JudgeHumanHeatmap({ grid }: { grid: JudgeHumanGrid }) {
  const max = Math.max(1, ...grid.counts.flat());
  const total = grid.counts.flat().reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rows = grid.counts.flatMap((row, judge) =>
    row.map((count, human) => ({ judge_score: judge + 1, human_score: human + 1, count })),
  );
  return (
    <figure className="chart" data-testid="judge-human-heatmap" data-dimension={grid.dimension}>
      <figcaption>
        <span title={grid.dimension}>{fieldName(grid.dimension)}</span>: judge (rows) × human (columns), {total} pairs
      </figcaption>
      <table className="heatmap">
        <thead>
          <tr>
            <th scope="col">judge \ human</th>
            {[1, 2, 3, 4, 5].map((score) => (
              <th key={score} scope="col">
                {score}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.counts.map((row, judge) => (
            <tr key={judge}>
              <th scope="row">{judge + 1}</th>
              {row.map((count, human) => (
                <td
                  key={human}
                  className={judge === human ? "heatmap-diagonal" : undefined}
                  style={{
                    background: `rgba(29, 78, 216, ${(0.85 * count) / max})`,
                    color: count / max > 0.5 ? "#fff" : undefined,
                  }}
                >
                  {count}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ChartDownloads name={`judge-human-${grid.dimension}`} rows={rows} />
    </figure>
  );
}
