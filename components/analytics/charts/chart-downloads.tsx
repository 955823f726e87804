"use client";
// Every chart's data as CSV or JSON, built in the browser from what it shows.
type Row = Record<string, string | number | null>;

function csvOf(rows: Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: string | number | null | undefined) => {
    const text = value === null || value === undefined ? "" : String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [columns.join(","), ...rows.map((row) => columns.map((column) => cell(row[column])).join(","))].join("\n") + "\n";
}

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function ChartDownloads({ name, rows }: { name: string; rows: Row[] }) {
  return (
    <p className="chart-downloads">
      Data: <button type="button" className="btn btn-link" onClick={() => download(`${name}.csv`, "text/csv", csvOf(rows))}>CSV</button>{" "}
      <button type="button" className="btn btn-link" onClick={() => download(`${name}.json`, "application/json", JSON.stringify(rows, null, 2))}>JSON</button>
    </p>
  );
}
