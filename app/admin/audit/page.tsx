// The audit log (admin): who did what, when, from where — filtered by actor,
// action, subject and day on the server, subjects linked to their pages.
import type { Metadata } from "next";
import Link from "next/link";
import { AuditFilterQuery, auditFilterSearch, type AuditFilter } from "@/lib/audit/audit-filter";
import { listAuditActors, listAuditEvents } from "@/lib/audit/service";
import { requirePageActor } from "@/lib/auth/page-guard";
import { AppError } from "@/lib/errors";
import { parseQuery } from "@/lib/http/query-params";
import { AuditFilterForm, type AuditFilterValues } from "./audit-filter-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

type Params = Record<string, string | string[] | undefined>;

// The form sends every field; an empty one means "any".
function filledParams(params: Params): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value])
      if (one !== undefined && one.trim() !== "") search.append(key, one);
  }
  return search;
}

function parseFilter(search: URLSearchParams): { filter: AuditFilter | null; errors: Map<string, string> } {
  try {
    return { filter: parseQuery(AuditFilterQuery, search), errors: new Map() };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "INVALID_INPUT") throw error;
    return {
      filter: null,
      errors: new Map(error.issues.map((issue) => [issue.path.replace(/^\//, ""), issue.message])),
    };
  }
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<Params> }) {
  const actor = await requirePageActor({ returnTo: "/admin/audit", action: "audit.read" });
  const search = filledParams(await searchParams);
  const { filter, errors } = parseFilter(search);
  const before = search.get("before");
  const [page, actors] = await Promise.all([
    filter ? listAuditEvents({ actor, before, limit: 100, filter }) : { events: [], nextBefore: null },
    listAuditActors({ actor }),
  ]);
  const values: AuditFilterValues = {
    actor: search.get("actor") ?? "",
    action: search.get("action") ?? "",
    subject: search.get("subject") ?? "",
    from: search.get("from") ?? "",
    to: search.get("to") ?? "",
  };
  const older =
    page.nextBefore && filter
      ? `/admin/audit?${new URLSearchParams([...auditFilterSearch(filter), ["before", page.nextBefore]])}`
      : null;
  return (
    <>
      <h1>Audit log</h1>
      <AuditFilterForm values={values} actors={actors} errors={errors} />
      {errors.size > 0 ? (
        <p className="notice notice-error" role="alert">
          The filter is not valid: {[...errors.values()].join("; ")}.
        </p>
      ) : null}
      {filter && page.events.length === 0 ? <p role="status">No event matches this filter.</p> : null}
      {page.events.length > 0 ? (
        <table className="records-table" data-testid="audit-table">
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">What</th>
              <th scope="col">Who</th>
              <th scope="col">Subject</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {page.events.map((event) => (
              <tr key={event.id}>
                <td>
                  <time dateTime={event.createdAt.toISOString()}>
                    {event.createdAt.toISOString().replace("T", " ").slice(0, 19)}
                  </time>
                </td>
                <td>{event.action}</td>
                <td>{event.actorName ?? (event.actorId ? "(deleted user)" : "—")}</td>
                <td>
                  {event.subjectPath ? (
                    <Link href={event.subjectPath}>
                      {event.subjectName ?? <span className="mono">{event.subject}</span>}
                    </Link>
                  ) : (
                    (event.subjectName ?? <span className="mono">{event.subject ?? "—"}</span>)
                  )}
                </td>
                <td>
                  {event.ipAddress ?? "—"}
                  {event.userAgent ? <span className="help-block"> {event.userAgent.slice(0, 60)}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {older ? (
        <nav className="pager" aria-label="Pages">
          <Link href={older}>Older events</Link>
        </nav>
      ) : null}
    </>
  );
}
