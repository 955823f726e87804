// An SME's review of a judge record, field by field: accepted fields are
// listed quietly; edited and added fields show the judge's and the SME's value.
import type { FieldDecision } from "@/lib/review/field-decisions";

function shown(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function DecisionTable({ decisions }: { decisions: FieldDecision[] }) {
  const changed = decisions.filter((decision) => decision.decision !== "accepted");
  const accepted = decisions.filter((decision) => decision.decision === "accepted");
  return (
    <section aria-labelledby="decisions-title" className="panel">
      <h2 id="decisions-title">SME decisions on the judge&apos;s values</h2>
      <p>
        {accepted.length} field{accepted.length === 1 ? "" : "s"} accepted, {changed.length} changed.
      </p>
      {changed.length > 0 ? (
        <table className="records-table" data-testid="decision-diff">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Decision</th>
              <th scope="col">Judge</th>
              <th scope="col">SME</th>
            </tr>
          </thead>
          <tbody>
            {changed.map((decision) => (
              <tr key={decision.path} className={`decision-${decision.decision}`} data-path={decision.path}>
                <td className="mono">{decision.path}</td>
                <td>{decision.decision}</td>
                <td>
                  <del>{shown(decision.judgeValue)}</del>
                </td>
                <td>
                  <ins>{shown(decision.finalValue)}</ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {accepted.length > 0 ? (
        <details>
          <summary>Accepted fields</summary>
          <ul className="decision-accepted">
            {accepted.map((decision) => (
              <li key={decision.path}>
                <span className="mono">{decision.path}</span>: {shown(decision.finalValue)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
