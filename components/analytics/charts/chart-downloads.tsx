"use client";
// Every chart's data as CSV or JSON, built in the browser from what it shows.
import { csvOf, type CsvRow } from "@/lib/csv";

type Row = CsvRow;

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
      Data:{" "}
      <button type="button" className="btn btn-link" onClick={() => download(`${name}.csv`, "text/csv", csvOf(rows))}>
        CSV
      </button>{" "}
      <button
        type="button"
        className="btn btn-link"
        onClick={() => download(`${name}.json`, "application/json", JSON.stringify(rows, null, 2))}
      >
        JSON
      </button>
    </p>
  );
}
