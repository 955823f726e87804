// GET /api/health: liveness — the process answers HTTP. No database call, so
// a database outage does not get healthy replicas restarted.
import { observeRequest } from "@/lib/http/api-handler";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return observeRequest(
    request,
    async () => Response.json({ status: "ok", uptime_s: Math.round(process.uptime()) }, { headers: { "cache-control": "no-store" } }),
    { probe: true, serveWhileDraining: true },
  );
}
