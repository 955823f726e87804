// The audit log (admin): who did what, when, from where.
import type { Metadata } from "next";
import Link from "next/link";
import { listAuditEvents } from "@/lib/audit/service";
import { requirePageActor } from "@/lib/auth/page-guard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ before?: string }> }) {
  const actor = await requirePageActor({ returnTo: "/admin/audit", action: "audit.read" });
  const { before } = await searchParams;
  const page = await listAuditEvents({ actor, before: before ?? null, limit: 100 });
  return (
    <>
      <h1>Audit log</h1>
      <table className="records-table">
        <thead>
          <tr><th scope="col">When (UTC)</th><th scope="col">What</th><th scope="col">Who</th><th scope="col">Subject</th><th scope="col">From</th></tr>
        </thead>
        <tbody>
          {page.events.map((event) => (
            <tr key={event.id}>
              <td><time dateTime={event.createdAt.toISOString()}>{event.createdAt.toISOString().replace("T", " ").slice(0, 19)}</time></td>
              <td>{event.action}</td>
              <td>{event.actorEmail ?? "—"}</td>
              <td className="mono">{event.subject ?? "—"}</td>
              <td>{event.ipAddress ?? "—"}{event.userAgent ? <span className="help-block"> {event.userAgent.slice(0, 60)}</span> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {page.nextBefore ? <nav className="pager" aria-label="Pages"><Link href={`/admin/audit?before=${page.nextBefore}`}>Older events</Link></nav> : null}
    </>
  );
}
