// GET /api/health: liveness — the process answers HTTP. No database call, so
// a database outage does not get healthy replicas restarted.
import { z } from "zod";
import { defineRoute, reply } from "@/lib/http/define-route";

export const dynamic = "force-dynamic";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/health",
    id: "health",
    tag: "System",
    access: "public",
    probe: true,
    summary: "Liveness (no database call)",
    responses: {
      200: {
        description: "The process answers.",
        schema: z.object({ status: z.literal("ok"), uptime_s: z.number().int() }),
      },
    },
  },
  async () => reply({ status: "ok", uptime_s: Math.round(process.uptime()) }, 200, { "cache-control": "no-store" }),
);
