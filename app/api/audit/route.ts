// GET /api/audit?before=&limit=: the audit log, newest first (admin).
import { listAuditEvents } from "@/lib/audit/service";
import { withActor } from "@/lib/http/api-handler";

export async function GET(request: Request): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get("limit") ?? "100");
    const page = await listAuditEvents({ actor, before: url.searchParams.get("before"), limit: Number.isFinite(limit) ? limit : 100 });
    return Response.json({ events: page.events, next_before: page.nextBefore });
  });
}
