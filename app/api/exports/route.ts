// GET /api/exports: the most recent exports with their status (admin).
import { withActor } from "@/lib/http/api-handler";
import { listExports } from "@/lib/export/export-runs";

export async function GET(request: Request): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const limit = Number(new URL(request.url).searchParams.get("limit") ?? "20");
    return Response.json({ exports: await listExports({ actor, limit: Number.isFinite(limit) ? limit : 20 }) });
  });
}
