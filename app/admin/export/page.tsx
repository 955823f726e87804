// Export (admin): choose a filter, download the records with progress, and
// find recent exports with their manifests and decision sidecars.
import type { Metadata } from "next";
import { requirePageActor } from "@/lib/auth/page-guard";
import { listExports } from "@/lib/export/export-runs";
import { DEFAULT_EXPORT_FORMAT, EXPORT_FORMATS } from "@/lib/export/formats/registry";
import { listSuites } from "@/lib/suites/service";
import { RecentExportsTable } from "@/components/export/recent-exports-table";
import { ExportClient } from "./export-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Export records" };

export default async function ExportPage() {
  const actor = await requirePageActor({ returnTo: "/admin/export", action: "records.export" });
  const [exports, suites] = await Promise.all([
    listExports({ actor, limit: 20 }),
    listSuites({ actor, includeArchived: true }),
  ]);
  return (
    <>
      <h1>Export records</h1>
      <p>
        Every exported record is the stored AIF record, valid against the contract. Each export has a manifest (filter,
        count, the file&apos;s sha256 and every record&apos;s) and, for hybrid records, a sidecar of the SME&apos;s
        per-field review decisions. For very large exports use the command line: <code>npx evalform export</code>.
      </p>
      <ExportClient
        suites={suites.map((suite) => ({ key: suite.key, name: suite.name }))}
        formats={EXPORT_FORMATS.map(({ id, label, extension, linesBefore }) => ({ id, label, extension, linesBefore }))}
        defaultFormat={DEFAULT_EXPORT_FORMAT}
      />
      <h2>Recent exports</h2>
      <RecentExportsTable exports={exports} />
    </>
  );
}
