// pass@k and pass^k of a suite's agent runs, per k.
import type { AgentMetrics } from "@/lib/analytics/agent-metrics";

const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)} %`);

export function AgentMetricsTable({ metrics }: { metrics: AgentMetrics[] }) {
  return (
    <section className="panel" aria-labelledby="agent-metrics">
      <h2 id="agent-metrics">Agent runs: pass@k and pass^k</h2>
      {metrics.length === 0 ? (
        <p>No record of this suite reports pass@k or pass^k.</p>
      ) : (
        <table className="records-table" data-testid="agent-metrics">
          <thead>
            <tr>
              <th scope="col">k</th>
              <th scope="col">Runs</th>
              <th scope="col">pass@k</th>
              <th scope="col">Trial success rate</th>
              <th scope="col">pass^k (reported)</th>
              <th scope="col">pass^k if trials were independent</th>
            </tr>
          </thead>
          <tbody>
            {metrics.map((entry) => (
              <tr key={entry.k}>
                <td>{entry.k}</td>
                <td>{entry.runs}</td>
                <td>{percent(entry.passAtK)}</td>
                <td>{percent(entry.trialSuccessRate)}</td>
                <td>
                  {percent(entry.passCaretK)}
                  {entry.caretRuns > 0 ? ` of ${entry.caretRuns}` : ""}
                </td>
                <td>{percent(entry.passCaretKIfIndependent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
