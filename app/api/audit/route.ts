// GET /api/audit?before=&limit=: the audit log, newest first (admin).
import { z } from "zod";
import { AuditEventSchema } from "@/lib/api-schemas/accounts";
import { listAuditEvents } from "@/lib/audit/service";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET", path: "/api/audit", id: "listAuditEvents", tag: "Users and tokens", access: "audit.read",
    summary: "The audit log, newest first",
    query: z.object({
      before: z.string().optional().describe("next_before of the previous page"),
      limit: z.coerce.number().int().min(1).max(500).default(100).describe("events per page"),
    }),
    responses: { 200: { description: "A page of events.", schema: z.object({ events: z.array(AuditEventSchema), next_before: z.string().nullable() }) } },
    errors: [422],
  },
  async ({ actor, query }) => {
    const page = await listAuditEvents({ actor, before: query.before ?? null, limit: query.limit });
    return { events: page.events, next_before: page.nextBefore };
  },
);
