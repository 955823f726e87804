// One record: the item it rated beside the record read as the form names it
// (rater by name and role, scores, verdicts, notes), its provenance, and its
// stored JSON one click away.
import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/authorize";
import { requirePageActor } from "@/lib/auth/page-guard";
import { DecisionTable } from "@/components/records/decision-table";
import { ProvenanceChain } from "@/components/records/provenance-chain";
import { orNotFound } from "@/lib/http/or-not-found";
import { recordProvenance } from "@/lib/records/provenance";
import { recordContext } from "@/lib/records/record-context";
import { raterLabel } from "@/lib/records/rater-label";
import { ItemView } from "@/components/transcript/item-view";
import { ReadableRecord } from "@/components/records/readable-record";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Record" };

const RATER_ROLE: Record<string, string> = {
  human: "rater",
  sme: "subject-matter expert",
  hybrid: "SME review of a judge's rating",
  llm_judge: "LLM judge",
  end_user: "share-link visitor",
};

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
  const { item, itemWithheld, raterPerson } = await recordContext({ actor, evalId });
  const rater = record.body.rater as { type: string; id?: string; model?: unknown; version?: unknown };
  const raterShown = raterLabel({
    raterType: rater.type,
    raterId: rater.id ?? null,
    name: raterPerson?.name,
    model: rater.model,
    version: rater.version,
  });
  const derivedFrom = record.body.derived_from;
  const current = {
    evalId: record.evalId,
    raterType: record.body.rater.type,
    raterId: record.body.rater.id ?? null,
    raterName: raterPerson?.name ?? null,
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
        {can(actor, "records.submit") && record.withheld.length === 0 ? (
          <Link href={`/records/new?from=${record.evalId}`} className="btn">
            Correct this record
          </Link>
        ) : null}
      </div>
      <dl className="record-facts">
        <dt>Task</dt>
        <dd>
          <code>{record.body.task.task_id}</code>
          {record.body.task.suite_id ? (
            <>
              {" "}
              in suite <code>{record.body.task.suite_id}</code>
            </>
          ) : null}
        </dd>
        <dt>Rater</dt>
        <dd data-testid="record-rater">
          {raterShown} <span className="help-inline">({RATER_ROLE[rater.type] ?? rater.type})</span>
        </dd>
        <dt>System</dt>
        <dd data-testid="record-system">
          {record.withheld.length > 0 ? (
            <span className="help-inline">withheld while the pairwise suite is open (the stored record keeps it)</span>
          ) : (
            record.body.subject.system_under_test
          )}
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
      <div className="record-layout">
        <section aria-labelledby="record-item-title" className="record-item">
          <h2 id="record-item-title">The item rated</h2>
          {item ? (
            <ItemView item={item} />
          ) : itemWithheld ? (
            <>
              <p className="help-block">
                One response of a pairwise comparison: its item is not shown while the suite is open, since it would
                name the system. The record&apos;s prompt:
              </p>
              <p className="readable-note">{record.body.task.prompt}</p>
            </>
          ) : (
            <>
              <p className="help-block">No imported item has this task; the record&apos;s own prompt:</p>
              <p className="readable-note">{record.body.task.prompt}</p>
            </>
          )}
        </section>
        <section aria-labelledby="record-form-title" className="record-form">
          <h2 id="record-form-title">The rating</h2>
          <ReadableRecord body={record.body as unknown as Record<string, unknown>} />
          <details className="record-json-details">
            <summary>
              {record.withheld.length > 0
                ? `JSON (as stored, without ${record.withheld.join(", ")})`
                : "JSON (as stored and exported)"}
            </summary>
            <p>
              <a href={`/api/records/${record.evalId}`} download={`${record.evalId}.json`}>
                Download JSON
              </a>
            </p>
            <pre className="record-json" data-testid="record-json" tabIndex={0} aria-label="Record JSON">
              {JSON.stringify(record.body, null, 2)}
            </pre>
          </details>
        </section>
      </div>
    </>
  );
}
