// GET /api/ready: readiness — 200 when the database answers and its
// migrations are current, 503 otherwise (take this replica out of rotation).
import { observeRequest } from "@/lib/http/api-handler";
import { readiness } from "@/lib/health/readiness";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return observeRequest(
    request,
    async () => {
      const result = await readiness();
      return Response.json(
        { status: result.ready ? "ready" : "not_ready", database: result.database, migrations: result.migrations },
        { status: result.ready ? 200 : 503, headers: { "cache-control": "no-store" } },
      );
    },
    { probe: true },
  );
}
