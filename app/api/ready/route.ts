// GET /api/ready: readiness — 200 when the database answers and its
// migrations are current, 503 otherwise (take this replica out of rotation),
// and 503 "shutting_down" once the process drains after SIGTERM.
import { observeRequest } from "@/lib/http/api-handler";
import { readiness } from "@/lib/health/readiness";
import { isDraining } from "@/lib/lifecycle/draining";

export const dynamic = "force-dynamic";

const NO_STORE = { "cache-control": "no-store" };

export function GET(request: Request): Promise<Response> {
  return observeRequest(
    request,
    async () => {
      if (isDraining()) return Response.json({ status: "shutting_down" }, { status: 503, headers: NO_STORE });
      const result = await readiness();
      return Response.json(
        { status: result.ready ? "ready" : "not_ready", database: result.database, migrations: result.migrations },
        { status: result.ready ? 200 : 503, headers: NO_STORE },
      );
    },
    { probe: true, serveWhileDraining: true },
  );
}
