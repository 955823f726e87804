// GET /api/health: liveness — the process answers HTTP. No database call, so
// a database outage does not get healthy replicas restarted.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok", uptime_s: Math.round(process.uptime()) }, { headers: { "cache-control": "no-store" } });
}
