// GET /api/exports: the most recent exports with their status (admin).
// POST /api/exports {format, ...filter}: starts an export (same-origin checked
// like every change) → 201 {export_id, file}; the file is GET /api/exports/:id/file.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { listExports } from "@/lib/export/export-runs";
import { prepareRequestedExport } from "@/lib/export/stream-export";

export async function GET(request: Request): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const limit = Number(new URL(request.url).searchParams.get("limit") ?? "20");
    return Response.json({ exports: await listExports({ actor, limit: Number.isFinite(limit) ? limit : 20 }) });
  });
}

export async function POST(request: Request): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const { exportId, format } = await prepareRequestedExport({ actor, origin, body: await readJsonBody(request) });
    const file = `/api/exports/${exportId}/file`;
    return Response.json({ export_id: exportId, format, file }, { status: 201, headers: { Location: file } });
  });
}
