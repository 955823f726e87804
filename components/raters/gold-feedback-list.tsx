// A rater's gold feedback: per gold item, each expected dimension with the
// score expected and the score given.
import Link from "next/link";
import type { GoldFeedback } from "@/lib/raters/gold-feedback";

export function GoldFeedbackList({ items }: { items: GoldFeedback[] }) {
  return (
    <section className="panel" aria-labelledby="gold-feedback-title">
      <h2 id="gold-feedback-title">Gold feedback</h2>
      {items.length === 0 ? (
        <p className="help-block">No gold items rated yet: gold items have a known answer to compare with.</p>
      ) : (
        <table className="records-table">
          <caption className="help-block">Your last {items.length} gold items, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Submitted</th>
              <th scope="col">Expected → given</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.evalId}>
                <td>
                  <Link href={`/records/${item.evalId}`}>{item.taskId}</Link>{" "}
                  <span className="help-inline">({item.suiteName})</span>
                </td>
                <td>
                  <time dateTime={item.submittedAt.toISOString()}>
                    {item.submittedAt.toISOString().slice(0, 16).replace("T", " ")}
                  </time>
                </td>
                <td>
                  {item.dimensions.length === 0
                    ? "No expected score among the dimensions you scored"
                    : item.dimensions
                        .map(
                          (entry) =>
                            `${entry.dimension.replace(/^universal\./, "")} ${entry.expected} → ${entry.given}`,
                        )
                        .join(" · ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
