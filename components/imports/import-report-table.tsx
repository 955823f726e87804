// The per-line errors (or notes) of an import: line, field, rule, message —
// all rendered as text.
type Row = { line: number; field: string; rule?: string; message: string };

export function ImportReportTable({ caption, rows, omitted }: { caption: string; rows: Row[]; omitted: number }) {
  if (rows.length === 0) return null;
  return (
    <table className="records-table import-report">
      <caption>
        {caption}
        {omitted > 0 ? ` (first ${rows.length}; ${omitted} more in the download)` : ""}
      </caption>
      <thead>
        <tr>
          <th scope="col">Line</th>
          <th scope="col">Field</th>
          {rows[0]?.rule !== undefined ? <th scope="col">Rule</th> : null}
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={`${row.line}-${index}`}>
            <td>{row.line}</td>
            <td>
              <code>{row.field || "(line)"}</code>
            </td>
            {row.rule !== undefined ? <td>{row.rule}</td> : null}
            <td>{row.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
