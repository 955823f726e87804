// The records list: newest first, paginated by keyset cursor.
import type { Metadata } from "next";
import Link from "next/link";
import { listRecords } from "@/lib/records/service";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Records" };

export default async function RecordsPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const { cursor } = await searchParams;
  const page = await listRecords({ cursor: cursor ?? null, limit: 50 });
  return (
    <>
      <div className="page-heading">
        <h1>Records</h1>
        <Link href="/records/new" className="btn btn-primary">New rating</Link>
      </div>
      {page.records.length === 0 ? (
        <p>No records yet. <Link href="/records/new">Rate a model output</Link> to create the first one.</p>
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
                <td><time dateTime={record.createdAt.toISOString()}>{record.createdAt.toISOString().replace("T", " ").slice(0, 19)}</time></td>
                <td>{record.taskId}</td>
                <td>{record.suiteId ?? "—"}</td>
                <td>{record.raterType}{record.raterId ? ` · ${record.raterId}` : ""}</td>
                <td>{record.derivedFrom ? <Link href={`/records/${record.derivedFrom}`}>{record.derivedFrom.slice(0, 8)}</Link> : "—"}</td>
                <td><Link href={`/records/${record.evalId}`} className="mono">{record.evalId}</Link></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="pager" aria-label="Pages">
        {cursor ? <Link href="/records">Newest</Link> : null}
        {page.nextCursor ? <Link href={`/records?cursor=${encodeURIComponent(page.nextCursor)}`}>Older records</Link> : null}
      </nav>
    </>
  );
}
