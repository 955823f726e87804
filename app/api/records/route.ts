// POST /api/records: submit a draft as a new record. GET: list records, newest first.
import { errorResponse, readJsonBody } from "@/lib/http/error-response";
import { listRecords, submitRecord } from "@/lib/records/service";

export async function POST(request: Request): Promise<Response> {
  try {
    const stored = await submitRecord({ draft: await readJsonBody(request) });
    return Response.json(
      { eval_id: stored.evalId, record: stored.body },
      { status: 201, headers: { Location: `/api/records/${stored.evalId}` } },
    );
  } catch (error) {
    return errorResponse(error);
  }
}

export async function GET(request: Request): Promise<Response> {
  try {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get("limit") ?? "50");
    const page = await listRecords({ cursor: url.searchParams.get("cursor"), limit: Number.isFinite(limit) ? limit : 50 });
    return Response.json({
      records: page.records.map((record) => ({
        eval_id: record.evalId,
        created_at: record.createdAt.toISOString(),
        rater_type: record.raterType,
        rater_id: record.raterId,
        task_id: record.taskId,
        suite_id: record.suiteId,
        derived_from: record.derivedFrom,
      })),
      next_cursor: page.nextCursor,
    });
  } catch (error) {
    return errorResponse(error);
  }
}
