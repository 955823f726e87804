// Imports (admin): upload a file of items, records or prefills, and see recent imports of every kind.
import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/authorize";
import { requirePageActor } from "@/lib/auth/page-guard";
import { listImports } from "@/lib/imports/service";
import { listSuites } from "@/lib/suites/service";
import { ImportUploadClient } from "./import-upload-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Imports" };

export default async function ImportsPage() {
  const actor = await requirePageActor({ returnTo: "/admin/imports", action: "items.import" });
  // Suites to prefill, for whoever may import prefills (and see suites).
  const [imports, suites] = await Promise.all([
    listImports({ actor, limit: 50 }),
    can(actor, "prefills.import") && can(actor, "suites.manage") ? listSuites({ actor }) : [],
  ]);
  return (
    <>
      <h1>Imports</h1>
      <ImportUploadClient suites={suites.map((suite) => ({ id: suite.id, name: suite.name, key: suite.key }))} />
      <h2>Recent imports</h2>
      {imports.length === 0 ? (
        <p>No imports yet.</p>
      ) : (
        <table className="records-table">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Kind</th>
              <th scope="col">Format</th>
              <th scope="col">Status</th>
              <th scope="col">Lines</th>
              <th scope="col">Accepted</th>
              <th scope="col">Refused</th>
              <th scope="col">Imported</th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {imports.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <Link href={`/admin/imports/${entry.id}`}>{entry.fileName ?? entry.id}</Link>
                </td>
                <td>{entry.kind}</td>
                <td>{entry.format}</td>
                <td>{entry.status.replace("_", " ")}</td>
                <td>{entry.linesRead}</td>
                <td>{entry.accepted}</td>
                <td>{entry.refused}</td>
                <td>{entry.imported ?? "—"}</td>
                <td>{entry.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
