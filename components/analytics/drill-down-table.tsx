// The items behind a figure of the quality report, worst first: each item with
// the values its ratings gave (the conflicting columns of a pooled field).
import Link from "next/link";
import type { DrillDown } from "@/lib/analytics/drill-down";
import { readablePath } from "@/lib/aif/field-labels";

const NOMINAL_WORDS: Record<string, string> = {
  safety: "Safety hazard verdicts",
  refusal: "Refusal appropriateness",
  vs_reference: "Compared with the reference",
  issue_tags: "Issue tags",
};

/** A report field as people read it ("Universal rubric › Helpfulness"). */
export function fieldWords(field: string): string {
  return NOMINAL_WORDS[field] ?? readablePath(`/${field.replace(/\./g, "/")}`);
}

/** The columns worth showing: those where the item's ratings differ (all of them for a single-valued field). */
function shownColumns(ratings: DrillDown["items"][number]["ratings"]): string[] {
  const columns = [...new Set(ratings.flatMap((rating) => Object.keys(rating.values)))].sort();
  if (columns.length <= 1) return columns;
  const differing = columns.filter(
    (column) => new Set(ratings.map((rating) => String(rating.values[column] ?? ""))).size > 1,
  );
  return differing.length > 0 ? differing : columns.slice(0, 3);
}

const columnWords = (column: string) => column.replace(/_/g, " ");

export function DrillDownTable({ drill, itemHref }: { drill: DrillDown; itemHref: (itemId: string) => string }) {
  if (drill.items.length === 0)
    return (
      <p className="help-block">
        No item forms a unit of this figure (it needs two ratings of the kind compared on the same item).
      </p>
    );
  const measure = drill.level === "ordinal" ? "Spread" : "Distinct values";
  return (
    <table className="records-table" data-testid="drill-down">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Item</th>
          <th scope="col">{measure}</th>
          <th scope="col">Ratings</th>
        </tr>
      </thead>
      <tbody>
        {drill.items.map((item, index) => {
          const columns = shownColumns(item.ratings);
          return (
            <tr key={item.itemId} data-item-id={item.itemId}>
              <td>{drill.offset + index + 1}</td>
              <th scope="row">
                <Link href={itemHref(item.itemId)}>{item.taskId}</Link>
                <div className="help-block">{item.systemUnderTest}</div>
              </th>
              <td>
                {item.disagreement}
                {item.columnsInConflict > 1 ? (
                  <div className="help-block">
                    {item.columnsInConflict} {drill.field === "issue_tags" ? "tags" : "hazards"} in conflict
                  </div>
                ) : null}
                {item.matchingPairs !== undefined ? (
                  <div className="help-block">
                    {item.matchingPairs} matching pair{item.matchingPairs === 1 ? "" : "s"}
                  </div>
                ) : null}
              </td>
              <td>
                <ul className="plain-list">
                  {item.ratings.map((rating) => (
                    <li key={rating.evalId}>
                      <strong>{rating.rater}</strong> <span className="help-block">({rating.raterType})</span>:{" "}
                      {columns
                        .map((column) =>
                          columns.length > 1
                            ? `${columnWords(column)} ${rating.values[column] ?? "—"}`
                            : String(rating.values[column] ?? "—"),
                        )
                        .join(" · ")}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
