// Recent exports with their status and links to their manifests and sidecars.
import type { ExportView } from "@/lib/export/export-runs";

function describeFilter(filter: Record<string, unknown>): string {
  const parts = Object.entries(filter).map(
    ([key, value]) => `${key}=${Array.isArray(value) ? value.join(",") : String(value)}`,
  );
  return parts.length === 0 ? "all records" : parts.join(" · ");
}

export function RecentExportsTable({ exports }: { exports: ExportView[] }) {
  if (exports.length === 0) return <p>No exports yet.</p>;
  return (
    <table className="records-table">
      <thead>
        <tr>
          <th scope="col">Started</th>
          <th scope="col">Filter</th>
          <th scope="col">Format</th>
          <th scope="col">Status</th>
          <th scope="col">Records</th>
          <th scope="col">File sha256</th>
          <th scope="col">Sidecars</th>
        </tr>
      </thead>
      <tbody>
        {exports.map((entry) => (
          <tr key={entry.id}>
            <td>{entry.created_at.replace("T", " ").slice(0, 19)}</td>
            <td>{describeFilter(entry.filter)}</td>
            <td>{entry.format}</td>
            <td>
              {entry.status}
              {entry.failure ? `: ${entry.failure}` : ""}
            </td>
            <td>
              {entry.exported} of {entry.count}
            </td>
            <td>
              <code className="hash">{entry.file_sha256 ? `${entry.file_sha256.slice(0, 19)}…` : "—"}</code>
            </td>
            <td>
              {entry.status === "complete" ? (
                <>
                  <a href={`/api/exports/${entry.id}/manifest`} download>
                    Manifest
                  </a>
                  {" · "}
                  <a href={`/api/exports/${entry.id}/decisions`} download>
                    Review decisions
                  </a>
                </>
              ) : (
                "—"
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
