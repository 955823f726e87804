// The records list: newest first, paginated by keyset cursor. Raters and SMEs
// see their own records; admins see everyone's.
import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/auth/authorize";
import { requirePageActor } from "@/lib/auth/page-guard";
import { listRecords } from "@/lib/records/service";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Records" };

export default async function RecordsPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const actor = await requirePageActor({ returnTo: "/records", action: "records.read_own" });
  const { cursor } = await searchParams;
  const page = await listRecords({ actor, cursor: cursor ?? null, limit: 50 });
  const mayRate = can(actor, "records.submit");
  return (
    <>
      <div className="page-heading">
        <h1>{can(actor, "records.read_all") ? "All records" : "Your records"}</h1>
        {mayRate ? (
          <Link href="/records/new" className="btn btn-primary">
            New rating
          </Link>
        ) : null}
      </div>
      {page.records.length === 0 ? (
        <p>
          No records yet.
          {mayRate ? (
            <>
              {" "}
              <Link href="/records/new">Rate a model output</Link> to create the first one.
            </>
          ) : null}
        </p>
      ) : (
        <table className="records-table">
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Task</th>
              <th scope="col">Suite</th>
              <th scope="col">Rater</th>
              <th scope="col">Derived from</th>
              <th scope="col">eval_id</th>
            </tr>
          </thead>
          <tbody>
            {page.records.map((record) => (
              <tr key={record.evalId}>
                <td>
                  <time dateTime={record.createdAt.toISOString()}>
                    {record.createdAt.toISOString().replace("T", " ").slice(0, 19)}
                  </time>
                </td>
                <td>{record.taskId}</td>
                <td>{record.suiteId ?? "—"}</td>
                <td>
                  {record.raterType}
                  {record.raterId ? ` · ${record.raterId.slice(0, 8)}` : ""}
                </td>
                <td>
                  {record.derivedFrom ? (
                    <Link href={`/records/${record.derivedFrom}`}>{record.derivedFrom.slice(0, 8)}</Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td>
                  <Link href={`/records/${record.evalId}`} className="mono">
                    {record.evalId}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="pager" aria-label="Pages">
        {cursor ? <Link href="/records">Newest</Link> : null}
        {page.nextCursor ? (
          <Link href={`/records?cursor=${encodeURIComponent(page.nextCursor)}`}>Older records</Link>
        ) : null}
      </nav>
    </>
  );
}
