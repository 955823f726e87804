// The pairwise leaderboard's corrected win rates: per system against the
// baseline, the judge's own win rate (biased), the humans' and the PPI++
// corrected one with 95 % intervals, in a table and a chart on the 0–1 scale.
import { IntervalChart, IntervalText } from "@/components/analytics/estimate-intervals";
import { TableScroll } from "@/components/table-scroll";
import type { WinRateEstimates } from "@/lib/estimates/pairwise-estimates";

export function WinRateEstimatesSection({ estimates }: { estimates: readonly WinRateEstimates[] }) {
  return (
    <section className="panel" aria-labelledby="win-rate-estimates">
      <h2 id="win-rate-estimates">Win rate against the baseline: judge only, human only, corrected</h2>
      <p className="help-block">
        Over every judgment of each pair, humans and judge together, whichever judgments the win rates above count. A
        pair&apos;s human label is the mean of its human verdicts (win 1, tie ½, loss 0); the judge&apos;s verdict is
        the one combining both orders it was asked in. Corrected = PPI++ (Angelopoulos, Duchi &amp; Zrnic 2023): the
        judge&apos;s win rate over every pair it judged, corrected by its error on the pairs humans judged too, with
        power tuning λ in [0, 1] (λ = 0 is the human-only rate). 95 % intervals. The judge-only rate is biased by
        whatever bias the judge has. Each chart draws, top to bottom, judge only (grey), human only (blue) and corrected
        (green) from 0 to 1.
      </p>
      {estimates.length === 0 ? (
        <p>No baseline in this suite (all pairs): no win rate against it to estimate.</p>
      ) : (
        <TableScroll label="Win rate estimates against the baseline">
          <table className="records-table estimates-table" data-testid="win-rate-estimates">
            <thead>
              <tr>
                <th scope="col">System</th>
                <th scope="col">Judge only (biased)</th>
                <th scope="col">Human only</th>
                <th scope="col">Corrected</th>
                <th scope="col">λ</th>
                <th scope="col">Intervals</th>
                <th scope="col">Pairs: both judged / judge only</th>
              </tr>
            </thead>
            <tbody>
              {estimates.map((row) => (
                <tr key={row.system}>
                  <th scope="row">
                    {row.system} <span className="help-block">vs {row.baseline}</span>
                  </th>
                  <td>
                    <IntervalText interval={row.judgeOnly} digits={3} />
                  </td>
                  <td>
                    <IntervalText interval={row.humanOnly} digits={3} />
                  </td>
                  <td>
                    <IntervalText interval={row.corrected} digits={3} />
                  </td>
                  <td>{row.corrected ? row.corrected.lambda.toFixed(2) : "—"}</td>
                  <td>
                    <IntervalChart estimates={row} scale={[0, 1]} />
                  </td>
                  <td>
                    {row.used.labelled} / {row.used.unlabelled}
                    {row.used.humanWithoutJudge > 0 ? ` (+${row.used.humanWithoutJudge} human only)` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
