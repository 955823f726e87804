// GET /api/audit?actor=&action=&subject=&from=&to=&before=&limit=: the audit
// log, newest first, filtered (admin).
import { z } from "zod";
import { AuditEventSchema } from "@/lib/api-schemas/accounts";
import { auditFilterShape, daysInOrder } from "@/lib/audit/audit-filter";
import { listAuditEvents } from "@/lib/audit/service";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/audit",
    id: "listAuditEvents",
    tag: "Users and tokens",
    access: "audit.read",
    summary: "The audit log, newest first",
    description:
      "Filters combine: actor (user id), action, subject (exactly), and from/to (UTC days, both included). A bad parameter answers 422 naming it.",
    query: daysInOrder(
      z.object({
        ...auditFilterShape,
        before: z.string().optional().describe("next_before of the previous page"),
        limit: z.coerce.number().int().min(1).max(500).default(100).describe("events per page"),
      }),
    ),
    responses: {
      200: {
        description: "A page of events.",
        schema: z.object({ events: z.array(AuditEventSchema), next_before: z.string().nullable() }),
      },
    },
    errors: [422],
  },
  async ({ actor, query }) => {
    const { before, limit, ...filter } = query;
    const page = await listAuditEvents({ actor, before: before ?? null, limit, filter });
    return { events: page.events, next_before: page.nextBefore };
  },
);
