// GET /api/ready: readiness — 200 when the database answers and its
// migrations are current, 503 otherwise (take this replica out of rotation),
// and 503 "shutting_down" once the process drains after SIGTERM.
import { z } from "zod";
import { defineRoute, reply } from "@/lib/http/define-route";
import { readiness } from "@/lib/health/readiness";
import { isDraining } from "@/lib/lifecycle/draining";

export const dynamic = "force-dynamic";

const NO_STORE = { "cache-control": "no-store" };
const check = <T extends z.ZodRawShape>(extra: T) =>
  z.object({ ok: z.boolean(), ...extra, error: z.string().optional() });
const Readiness = z.object({
  status: z.enum(["ready", "not_ready", "shutting_down"]),
  database: check({ ms: z.number().int().describe("how long the database took to answer") })
    .optional()
    .describe("absent while shutting down"),
  migrations: check({ pending: z.array(z.string()).describe("shipped migrations not applied") })
    .optional()
    .describe("absent while shutting down"),
});

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/ready",
    id: "ready",
    tag: "System",
    access: "public",
    probe: true,
    summary: "Readiness: the database answers within 2 s and its migrations are current",
    responses: {
      200: { description: "Ready.", schema: Readiness },
      503: { description: "Not ready; says what failed (only the status while shutting down).", schema: Readiness },
    },
  },
  async () => {
    if (isDraining()) return reply({ status: "shutting_down" }, 503, NO_STORE);
    const result = await readiness();
    return reply(
      { status: result.ready ? "ready" : "not_ready", database: result.database, migrations: result.migrations },
      result.ready ? 200 : 503,
      NO_STORE,
    );
  },
);
