// The pairwise leaderboard as tables: win rates against the baseline (raw and
// length-controlled), Bradley–Terry ratings and the predicted win matrix,
// position bias, the LLM judge's order consistency and agreement on the
// preference. Presentational.
import { TableScroll } from "@/components/table-scroll";
import type { PairwiseLeaderboard } from "@/lib/pairwise/leaderboard-query";

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? "—" : `${(value * 100).toFixed(1)}%`;
const range = (interval: { low: number; high: number } | null, format: (value: number) => string) =>
  interval ? `${format(interval.low)} – ${format(interval.high)}` : "—";

export function LeaderboardTables({ board }: { board: PairwiseLeaderboard }) {
  const { bradleyTerry } = board;
  return (
    <>
      {board.baseline !== null ? (
        <section className="panel" aria-labelledby="win-rates">
          <h2 id="win-rates">Win rate against {board.baseline}</h2>
          <p className="help-block">
            Ties count half. The interval is a 95% bootstrap interval over pairs: each pair&apos;s judgments (overlap k)
            are resampled together, so it is about the population of tasks, not of judgments. The length-controlled win
            rate is the win rate a logistic model of the preference on the length difference predicts at equal length
            (AlpacaEval 2, without its instruction-difficulty term and length-gamed baselines), with a 95% bootstrap
            interval; the length weight says how much a longer answer was preferred. It is not identifiable when fewer
            than 10 judgments (or 5%) have the length difference on the other side of zero from the rest: equal length
            would lie outside the data. &ldquo;Far from raw&rdquo; is AlpacaEval&apos;s warning that the fit may have
            failed (or a departure of more than 15 points).
          </p>
          <TableScroll label="Win rates against the baseline">
            <table className="records-table" data-testid="win-rates">
              <thead>
                <tr>
                  <th scope="col">System</th>
                  <th scope="col">Judgments</th>
                  <th scope="col">Wins / ties / losses</th>
                  <th scope="col">Win rate</th>
                  <th scope="col">95% interval</th>
                  <th scope="col">Length-controlled</th>
                  <th scope="col">Its 95% interval</th>
                  <th scope="col">Length weight</th>
                </tr>
              </thead>
              <tbody>
                {board.winRates.map((row) => (
                  <tr key={row.system}>
                    <td>{row.system}</td>
                    <td>{row.judgments}</td>
                    <td>
                      {row.wins} / {row.ties} / {row.losses}
                    </td>
                    <td>{percent(row.rate)}</td>
                    <td>{range(row.interval, percent)}</td>
                    <td>
                      {row.lengthControlled.identifiable || row.lengthControlled.judgments === 0
                        ? percent(row.lengthControlled.rate)
                        : `not identifiable (${row.lengthControlled.otherSide} of ${row.lengthControlled.judgments} on the other side)`}
                      {row.lengthControlled.departsFromRaw ? (
                        <>
                          {" "}
                          <span className="badge" data-testid="lc-far-from-raw">
                            far from raw
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td>{range(row.lengthControlled.interval, percent)}</td>
                    <td>{row.lengthControlled.lengthWeight?.toFixed(2) ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      ) : null}
      <section className="panel" aria-labelledby="bradley-terry">
        <h2 id="bradley-terry">Bradley–Terry ratings</h2>
        <p className="help-block">
          On the Elo scale (a 400-point gap is 10:1 odds), centred at 1000; 95% bootstrap intervals over pairs (about
          the population of tasks).
          {bradleyTerry.connected
            ? ""
            : " The systems fall into groups never compared: ratings across groups mean nothing."}
        </p>
        <TableScroll label="Bradley–Terry ratings">
          <table className="records-table" data-testid="bradley-terry">
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">System</th>
                <th scope="col">Rating</th>
                <th scope="col">95% interval</th>
                <th scope="col">Judgments</th>
              </tr>
            </thead>
            <tbody>
              {[...bradleyTerry.scores]
                .sort((a, b) => a.rank - b.rank)
                .map((score) => (
                  <tr key={score.system}>
                    <td>{score.rank}</td>
                    <td>{score.system}</td>
                    <td>{score.rating.toFixed(0)}</td>
                    <td>{range(score.ratingInterval, (value) => value.toFixed(0))}</td>
                    <td>{score.judgments}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </TableScroll>
        <TableScroll label="Predicted win probabilities">
          <table className="records-table" data-testid="win-matrix">
            <caption>Predicted probability that the row&apos;s system beats the column&apos;s</caption>
            <thead>
              <tr>
                <th scope="col">System</th>
                {bradleyTerry.systems.map((system) => (
                  <th scope="col" key={system}>
                    {system}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bradleyTerry.systems.map((system, row) => (
                <tr key={system}>
                  <th scope="row">{system}</th>
                  {bradleyTerry.winMatrix[row]!.map((probability, column) => (
                    <td key={bradleyTerry.systems[column]}>{row === column ? "—" : percent(probability)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
      <section className="panel" aria-labelledby="position-bias">
        <h2 id="position-bias">Position bias</h2>
        <p className="help-block">
          Share of verdicts for the response shown left (ties half): 50% is no bias. A human saw one order; the judge
          saw both, so its row counts its raw verdicts of both orders (its stored verdict combines them). The
          &ldquo;all&rdquo; row is the humans&apos; verdicts and the judge&apos;s raw ones together.
        </p>
        <TableScroll label="Position bias">
          <table className="records-table" data-testid="position-bias">
            <thead>
              <tr>
                <th scope="col">Rater type</th>
                <th scope="col">Judgments</th>
                <th scope="col">Left / tie / right</th>
                <th scope="col">Left share</th>
                <th scope="col">95% interval</th>
              </tr>
            </thead>
            <tbody>
              {[{ raterType: "all", bias: board.positionBias }, ...board.positionBiasByRaterType].map(
                ({ raterType, bias }) => (
                  <tr key={raterType}>
                    <td>{raterType}</td>
                    <td>{bias.judgments}</td>
                    <td>
                      {bias.wins} / {bias.ties} / {bias.losses}
                    </td>
                    <td>{percent(bias.rate)}</td>
                    <td>{range(bias.interval, percent)}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </TableScroll>
      </section>
      {board.judgeConsistency ? (
        <section className="panel" aria-labelledby="judge-consistency">
          <h2 id="judge-consistency">LLM judge: order consistency</h2>
          <p data-testid="judge-consistency">
            Flip rate {percent(board.judgeConsistency.flipRate)}: {board.judgeConsistency.flips} of{" "}
            {board.judgeConsistency.pairs} pairs changed direction when the two responses swapped places. Position bias{" "}
            {percent(board.judgeConsistency.positionBias.rate)} of its raw verdicts went to the response shown first (
            {range(board.judgeConsistency.positionBias.interval, percent)}).
          </p>
        </section>
      ) : null}
      <section className="panel" aria-labelledby="preference-agreement">
        <h2 id="preference-agreement">Agreement on the preference</h2>
        <p className="help-block">
          Ordinal Krippendorff&apos;s α over the five levels, with 95% bootstrap intervals. Human↔judge pairs each human
          verdict with the judge&apos;s verdict on the same pair.
        </p>
        <TableScroll label="Agreement on the preference">
          <table className="records-table" data-testid="preference-agreement">
            <thead>
              <tr>
                <th scope="col">Between</th>
                <th scope="col">α</th>
                <th scope="col">95% interval</th>
                <th scope="col">Units</th>
              </tr>
            </thead>
            <tbody>
              {[
                { label: "humans", agreement: board.agreementByRaters.humans },
                { label: "human and judge", agreement: board.agreementByRaters.humanJudge },
                { label: "all judgments", agreement: board.agreement },
              ].map(({ label, agreement }) => (
                <tr key={label}>
                  <td>{label}</td>
                  <td>{agreement.alpha === null ? "not defined" : agreement.alpha.toFixed(3)}</td>
                  <td>{range(agreement.interval, (value) => value.toFixed(3))}</td>
                  <td>{agreement.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </>
  );
}
