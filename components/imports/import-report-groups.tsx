// An import's notes (or errors) grouped by rule and field: how often, on which
// lines first, and the message — all rendered as text.
import { groupReportRows, type ReportRow } from "@/lib/imports/report-groups";

export function ImportReportGroups({
  caption,
  rows,
  omitted,
}: {
  caption: string;
  rows: ReportRow[];
  omitted: number;
}) {
  if (rows.length === 0) return null;
  const groups = groupReportRows(rows);
  return (
    <table className="records-table import-report" data-testid="import-report-groups">
      <caption>
        {caption}: {rows.length} in {groups.length} group{groups.length === 1 ? "" : "s"}
        {omitted > 0 ? ` (the first ${rows.length}; ${omitted} more in the download)` : ""}
      </caption>
      <thead>
        <tr>
          <th scope="col">Rule</th>
          <th scope="col">Field</th>
          <th scope="col">Times</th>
          <th scope="col">First lines</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={`${group.rule}\u0000${group.field}`}>
            <td>{group.rule || "—"}</td>
            <td>
              <code>{group.field || "(line)"}</code>
            </td>
            <td>{group.count}</td>
            <td>
              {group.firstLines.join(", ")}
              {group.count > group.firstLines.length ? ", …" : ""}
            </td>
            <td>
              {group.message}
              {group.otherMessages > 0
                ? ` (and ${group.otherMessages} other message${group.otherMessages === 1 ? "" : "s"})`
                : ""}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
