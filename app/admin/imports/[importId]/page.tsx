// One import: its counts, its per-line report (notes grouped by rule), and —
// when some lines were refused and some are valid — the choice to import the
// valid lines or discard the import.
import type { Metadata } from "next";
import { orNotFound } from "@/lib/http/or-not-found";
import Link from "next/link";
import { ImportReportGroups } from "@/components/imports/import-report-groups";
import { ImportReportTable } from "@/components/imports/import-report-table";
import { can } from "@/lib/auth/authorize";
import { requirePageActor } from "@/lib/auth/page-guard";
import { getImportReport } from "@/lib/imports/service";
import { listSuites } from "@/lib/suites/service";
import { AddToSuiteClient } from "./add-to-suite-client";
import { ImportDecisionClient } from "./import-decision-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Import report" };

type Row = { line: number; field: string; rule?: string; message: string };

export default async function ImportPage({ params }: { params: Promise<{ importId: string }> }) {
  const { importId } = await params;
  const actor = await requirePageActor({ returnTo: `/admin/imports/${importId}`, action: "items.import" });
  const report = await orNotFound(getImportReport({ actor, importId }));
  const itemsReady = report.status === "committed" && report.kind === "items";
  const suites = itemsReady && can(actor, "suites.manage") ? await listSuites({ actor }) : [];
  return (
    <>
      <div className="page-heading">
        <h1>Import {report.fileName ?? report.id}</h1>
        <a className="btn" href={`/api/imports/${report.id}/report`} download>
          Download report (JSON)
        </a>
      </div>
      <dl className="record-facts" data-testid="import-facts">
        <dt>Kind</dt>
        <dd data-testid="import-kind">{report.kind}</dd>
        {report.suiteId ? (
          <>
            <dt>Suite</dt>
            <dd>
              <Link href={`/admin/suites/${report.suiteId}`}>{report.suiteId}</Link>
            </dd>
          </>
        ) : null}
        <dt>Format</dt>
        <dd>{report.format}</dd>
        <dt>Status</dt>
        <dd data-testid="import-status">{report.status.replace("_", " ")}</dd>
        <dt>Lines read</dt>
        <dd>{report.linesRead}</dd>
        <dt>Accepted</dt>
        <dd>{report.accepted}</dd>
        <dt>Refused</dt>
        <dd>{report.refused}</dd>
        {report.imported !== null ? (
          <>
            <dt>Imported</dt>
            <dd data-testid="import-imported">{report.imported}</dd>
          </>
        ) : null}
        {report.alreadyPresent ? (
          <>
            <dt>Already imported before</dt>
            <dd>{report.alreadyPresent}</dd>
          </>
        ) : null}
        {report.failure ? (
          <>
            <dt>Failure</dt>
            <dd className="notice-error">{report.failure}</dd>
          </>
        ) : null}
      </dl>
      {report.status === "awaiting_decision" ? (
        <ImportDecisionClient importId={report.id} accepted={report.accepted} refused={report.refused} />
      ) : null}
      {report.status === "refused" ? (
        <p className="notice notice-error" role="status">
          Every line of this file was refused, so nothing was imported. Correct the file using the lines below and
          import it again.
        </p>
      ) : null}
      {itemsReady ? (
        <>
          <p>
            <Link href={`/admin/suites?import=${report.id}#new-suite`}>Create a suite from these items</Link>
          </p>
          <AddToSuiteClient
            importId={report.id}
            suites={suites.map((suite) => ({
              id: suite.id,
              label: `${suite.name} (${suite.key}${suite.paused ? ", paused" : ""})`,
            }))}
          />
        </>
      ) : null}
      <ImportReportTable caption="Refused lines" rows={report.errors as Row[]} omitted={report.errorsOmitted} />
      <ImportReportGroups
        caption="Read tolerantly (variants of the spec that were accepted)"
        rows={report.notes as Row[]}
        omitted={report.notesOmitted}
      />
    </>
  );
}
