// POST /api/records/import[?policy=all_or_nothing|store_valid, or the older
// ?store_valid=1|true|0|false]: complete AIF records (JSONL, or a JSON array; e.g. an export) as the request body, streamed (admin). eval_ids
// and bodies are kept; identical records already stored are counted, not
// stored again. 200 with the report; 422 with every refused line when nothing
// was stored.
import { withActor } from "@/lib/http/api-handler";
import { uploadedFile } from "@/lib/http/request-body";
import { commitPolicyParam } from "@/lib/imports/commit-policy";
import { importRecords } from "@/lib/records/import-records";
import { recordImportJson } from "@/lib/records/record-import-json";

export async function POST(request: Request): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const storeValid =
      commitPolicyParam(new URL(request.url).searchParams, "records", "all_or_nothing") === "store_valid";
    const report = await importRecords({ actor, origin, file: uploadedFile(request), storeValid });
    const body = recordImportJson(report);
    if (report.stored) return Response.json(body, { status: 200 });
    return Response.json(
      {
        error: {
          code: "INVALID_INPUT",
          message: `${report.refused} of ${report.recordsRead} records were refused, so nothing was stored.`,
        },
        errors: body.errors,
        report: body,
      },
      { status: 422 },
    );
  });
}
