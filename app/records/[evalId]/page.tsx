// One record as stored (and exported): its JSON, and the record it derives from.
import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/authorize";
import { requirePageActor } from "@/lib/auth/page-guard";
import { DecisionTable } from "@/components/records/decision-table";
import { ProvenanceChain } from "@/components/records/provenance-chain";
import { orNotFound } from "@/lib/http/or-not-found";
import { recordProvenance } from "@/lib/records/provenance";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Record" };

export default async function RecordPage({
  params,
  searchParams,
}: {
  params: Promise<{ evalId: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  const { evalId } = await params;
  const actor = await requirePageActor({ returnTo: `/records/${evalId}`, action: "records.read_own" });
  const { created } = await searchParams;
  const { record, ...provenance } = await orNotFound(recordProvenance({ actor, evalId }));
  const derivedFrom = record.body.derived_from;
  const current = {
    evalId: record.evalId,
    raterType: record.body.rater.type,
    raterId: record.body.rater.id ?? null,
    createdAt: record.createdAt,
    derivedFrom: derivedFrom ?? null,
    depth: 0,
  };
  return (
    <>
      {created ? (
        <p className="notice" role="status">
          Rating saved as record {record.evalId}.
        </p>
      ) : null}
      <div className="page-heading">
        <h1>
          Record <span className="mono">{record.evalId}</span>
        </h1>
        {can(actor, "records.submit") ? (
          <Link href={`/records/new?from=${record.evalId}`} className="btn">
            Correct this record
          </Link>
        ) : null}
      </div>
      <dl className="record-facts">
        <dt>Task</dt>
        <dd>{record.body.task.task_id}</dd>
        <dt>Rater</dt>
        <dd>
          {record.body.rater.type}
          {record.body.rater.id ? ` · ${record.body.rater.id}` : ""}
        </dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={record.body.created_at}>{record.body.created_at}</time>
        </dd>
        <dt>Derived from</dt>
        <dd>
          {derivedFrom ? (
            <Link href={`/records/${derivedFrom}`} className="mono">
              {derivedFrom}
            </Link>
          ) : (
            "—"
          )}
        </dd>
      </dl>
      {provenance.ancestors.length + provenance.descendants.length + provenance.hidden > 0 ? (
        <ProvenanceChain
          current={current}
          ancestors={provenance.ancestors}
          descendants={provenance.descendants}
          hidden={provenance.hidden}
        />
      ) : null}
      {provenance.decisions.length > 0 ? <DecisionTable decisions={provenance.decisions} /> : null}
      <h2>JSON</h2>
      <p>
        <a href={`/api/records/${record.evalId}`} download={`${record.evalId}.json`}>
          Download JSON
        </a>
      </p>
      <pre className="record-json" data-testid="record-json" tabIndex={0} aria-label="Record JSON">
        {JSON.stringify(record.body, null, 2)}
      </pre>
    </>
  );
}
