// POST /api/records: submit a draft as a new record (rater block from the
// session; ?as=sme to rate as SME; an Idempotency-Key header makes retries safe). GET: the caller's records, newest first,
// narrowed by the record filter (lib/export/record-filter.ts).
import { z } from "zod";
import { header, headerParameter } from "@/lib/api-docs/operation";
import { recordFilterParameters } from "@/lib/api-docs/record-filter-parameters";
import { AifDraftSchema, RecordPageSchema, SubmittedRecordSchema } from "@/lib/api-schemas/records";
import { parseRecordFilter } from "@/lib/export/record-filter";
import { defineRoute, reply } from "@/lib/http/define-route";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  parseIdempotencyKey,
} from "@/lib/records/idempotency-key";
import { browseRecords, RecordSortSchema } from "@/lib/records/browse";
import { submitRecord } from "@/lib/records/submit-record";
import { LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/records",
    id: "submitRecord",
    tag: "Records",
    access: "records.submit",
    summary: "Submit a rating as a new record",
    description:
      "The server assigns schema_version, eval_id and created_at and takes the rater block from the caller; the record must pass the AIF schema and its companion rules, or nothing is stored.",
    query: z.object({
      as: z
        .enum(["rater", "sme"])
        .optional()
        .describe("rate as `sme` or as `rater` (default: rater when you hold that role, else sme)"),
    }),
    parameters: [
      headerParameter(
        IDEMPOTENCY_KEY_HEADER,
        'makes a retry safe (draft-ietf-httpapi-idempotency-key-header): a key is yours alone; sent again with the same body and `as`, it answers with the record its first request stored (201, same eval_id, `Idempotent-Replayed: true`), stored once even when the retries race. The same key with a different request: 422 on `/headers/Idempotency-Key`, rule `idempotencyKeyReused`; an empty or longer key: 422, rule `idempotencyKeyFormat`. A quoted key (`"…"`) is read without its quotes.',
        { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
      ),
    ],
    body: AifDraftSchema,
    responses: {
      201: {
        description: "Stored, or (with an Idempotency-Key sent before) the record stored then.",
        schema: SubmittedRecordSchema,
        headers: {
          Location: header("/api/records/{eval_id}"),
          [IDEMPOTENT_REPLAYED_HEADER]: header(
            "`true` when this answer replays an earlier request with the same Idempotency-Key",
            { type: "string", enum: ["true"] },
          ),
        },
      },
    },
    errors: [400, 422],
  },
  async ({ actor, origin, request, query, body }) => {
    const idempotencyKey = parseIdempotencyKey(request.headers.get(IDEMPOTENCY_KEY_HEADER));
    const stored = await submitRecord({ actor, origin, draft: body, as: query.as, idempotencyKey });
    // A replay is the first answer again, marked as such (draft-ietf-httpapi-idempotency-key-header).
    const headers: Record<string, string> = { Location: `/api/records/${stored.evalId}` };
    if (stored.replayed) headers[IDEMPOTENT_REPLAYED_HEADER] = "true";
    return reply({ eval_id: stored.evalId, record: stored.body }, 201, headers);
  },
);

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/records",
    id: "listRecords",
    tag: "Records",
    access: "records.read_own",
    summary: "List records, newest first or in another order",
    description:
      "Your records (admins: everybody's; SMEs also the judge records of the suites they review), filtered, in keyset pages. The records browser (/records) reads the same query. While its pairwise suite is open, one's own pairwise record is listed with `system: null` and `system_withheld: true`, and never matches `system=` (admins see every system).",
    query: z.object({
      sort: RecordSortSchema,
      cursor: z.string().optional().describe("next_cursor of the previous page"),
      limit: z.coerce.number().int().min(1).max(200).default(50).describe("records per page"),
    }),
    parameters: recordFilterParameters(),
    responses: { 200: { description: "A page of records.", schema: RecordPageSchema } },
    errors: [400, 422],
  },
  async ({ actor, request, query }) => {
    const filter = parseRecordFilter(new URL(request.url).searchParams, ["cursor", "limit", "sort"]);
    const page = await browseRecords({
      actor,
      filter,
      sort: query.sort,
      cursor: query.cursor ?? null,
      limit: query.limit,
    });
    return {
      records: page.records.map((record) => ({
        eval_id: record.evalId,
        created_at: record.createdAt.toISOString(),
        rater_type: record.raterType,
        rater_id: record.raterId,
        task_id: record.taskId,
        suite_id: record.suiteId,
        derived_from: record.derivedFrom,
        rater_name: record.raterName,
        rater_model: record.raterModel,
        suite_name: record.suiteName,
        system: record.system,
        system_withheld: record.systemWithheld,
        scores: Object.fromEntries(LIKERT_DIMENSIONS.map((path, index) => [path, record.scores[index] ?? null])),
        violating: record.violating,
      })),
      next_cursor: page.nextCursor,
    };
  },
);
