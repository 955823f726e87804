// POST /api/records: submit a draft as a new record (rater block from the
// session; ?as=sme to rate as SME; an Idempotency-Key header makes retries safe). GET: the caller's records, newest first,
// narrowed by the record filter (lib/export/record-filter.ts).
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { parseRecordFilter } from "@/lib/export/record-filter";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, parseIdempotencyKey } from "@/lib/records/idempotency-key";
import { listRecords, submitRecord } from "@/lib/records/service";

export async function POST(request: Request): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const as = new URL(request.url).searchParams.get("as");
    const idempotencyKey = parseIdempotencyKey(request.headers.get(IDEMPOTENCY_KEY_HEADER));
    const stored = await submitRecord({
      actor,
      origin,
      draft: await readJsonBody(request),
      as: as === "sme" || as === "rater" ? as : undefined,
      idempotencyKey,
    });
    // A replay is the first answer again, marked as such (draft-ietf-httpapi-idempotency-key-header).
    const headers: Record<string, string> = { Location: `/api/records/${stored.evalId}` };
    if (stored.replayed) headers[IDEMPOTENT_REPLAYED_HEADER] = "true";
    return Response.json({ eval_id: stored.evalId, record: stored.body }, { status: 201, headers });
  });
}

export async function GET(request: Request): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get("limit") ?? "50");
    const filter = parseRecordFilter(url.searchParams, ["cursor", "limit"]);
    const page = await listRecords({ actor, filter, cursor: url.searchParams.get("cursor"), limit: Number.isFinite(limit) ? limit : 50 });
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
  });
}
