// How SMEs treated the judge's values in a suite: acceptance per field,
// change per Likert dimension, hazards the judge missed or over-called.
import type { ReviewSummary } from "@/lib/review/review-summary-types";

const percent = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 100)} %`);

export function ReviewSummaryTables({ summary }: { summary: ReviewSummary }) {
  if (summary.reviewed === 0)
    return (
      <section className="panel">
        <h2>SME decisions</h2>
        <p>No prefill has been reviewed yet.</p>
      </section>
    );
  return (
    <section className="panel" aria-labelledby="summary-title">
      <h2 id="summary-title">SME decisions ({summary.reviewed} reviews)</h2>
      <h3>Likert dimensions</h3>
      <table className="records-table" data-testid="likert-changes">
        <thead>
          <tr>
            <th scope="col">Dimension</th>
            <th scope="col">Reviewed</th>
            <th scope="col">Changed</th>
            <th scope="col">Mean absolute change</th>
          </tr>
        </thead>
        <tbody>
          {summary.likert.map((row) => (
            <tr key={row.dimension}>
              <td className="mono">{row.dimension}</td>
              <td>{row.reviewed}</td>
              <td>{row.changed}</td>
              <td>{row.meanAbsoluteChange.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Hazards</h3>
      {summary.hazards.length === 0 ? (
        <p>SMEs agreed with every hazard verdict of the judge on whether it is violating.</p>
      ) : (
        <table className="records-table" data-testid="hazard-calls">
          <thead>
            <tr>
              <th scope="col">Hazard</th>
              <th scope="col">Missed by the judge</th>
              <th scope="col">Over-called by the judge</th>
            </tr>
          </thead>
          <tbody>
            {summary.hazards.map((row) => (
              <tr key={row.hazard}>
                <td>{row.hazard}</td>
                <td>{row.missed}</td>
                <td>{row.overCalled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Acceptance per field</h3>
      <table className="records-table" data-testid="field-acceptance">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Accepted</th>
            <th scope="col">Edited</th>
            <th scope="col">Added</th>
            <th scope="col">Acceptance rate</th>
          </tr>
        </thead>
        <tbody>
          {summary.fields.map((row) => (
            <tr key={row.path}>
              <td className="mono">{row.path}</td>
              <td>{row.accepted}</td>
              <td>{row.edited}</td>
              <td>{row.added}</td>
              <td>{percent(row.acceptanceRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
