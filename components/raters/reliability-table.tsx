// Per rater of a suite, the reliability models' figures (lib/raters/suite-reliability.ts).
import type { RaterReliability } from "@/lib/raters/suite-reliability";

const share = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);
const points = (value: number | null) => (value === null ? "—" : `${value > 0 ? "+" : ""}${value.toFixed(2)}`);

export function ReliabilityTable({ rows }: { rows: RaterReliability[] }) {
  return (
    <section className="panel" aria-labelledby="reliability-title">
      <h2 id="reliability-title">Reliability in this suite</h2>
      <p className="help-block">
        From the ratings the suite counts, people only. Dawid–Skene: the chance the rater gives the true class of a
        hazard verdict or refusal, the true class estimated from everyone (Dawid &amp; Skene 1979). MACE competence: how
        often they appear to know rather than guess (Hovy et al. 2013; 1 − spammer score). Leniency: score points above
        (+) or below (−) the others on the same items, shrunk towards 0 for a rater with few items. Fields nobody
        disagrees on are left out.
      </p>
      {rows.length === 0 ? (
        <p className="help-block">No ratings by people in this suite yet.</p>
      ) : (
        <div className="data-table-scroll">
          <table className="data-table people-table">
            <caption>Reliability models per rater</caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col" className="numeric">
                  Dawid–Skene accuracy
                </th>
                <th scope="col" className="numeric">
                  MACE competence
                </th>
                <th scope="col" className="numeric">
                  Verdicts counted
                </th>
                <th scope="col" className="numeric">
                  Leniency (points)
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.personId}>
                  <td>{row.name}</td>
                  <td className="numeric">{share(row.dawidSkeneAccuracy)}</td>
                  <td className="numeric">{share(row.maceCompetence)}</td>
                  <td className="numeric">{row.nominalJudgments}</td>
                  <td className="numeric">{points(row.leniency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
