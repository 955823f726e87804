// POST /api/records/import[?policy=all_or_nothing|store_valid|stage, or the older
// ?store_valid=1|true|0|false]: complete AIF records (JSONL, or a JSON array; e.g. an export) as the request body, streamed (admin). eval_ids
// and bodies are kept; identical records already stored are counted, not
// stored again. 200 with the report; 422 with every refused line when nothing
// was stored. policy=stage: 201 with a staged import (/api/imports/:id) that
// awaits the admin's decision when some records were refused.
import { withActor } from "@/lib/http/api-handler";
import { uploadedFile } from "@/lib/http/request-body";
import { commitPolicyParam } from "@/lib/imports/commit-policy";
import { stagedAnswer } from "@/lib/imports/staged-answer";
import { stageImport } from "@/lib/imports/service";
import { importRecords } from "@/lib/records/import-records";
import { recordImportJson } from "@/lib/records/record-import-json";

export async function POST(request: Request): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const params = new URL(request.url).searchParams;
    const policy = commitPolicyParam(params, "records", "all_or_nothing");
    if (policy === "stage") {
      const input = { kind: "records" as const, file_name: params.get("file_name") ?? undefined };
      return stagedAnswer(await stageImport({ actor, origin, input, file: uploadedFile(request) }));
    }
    const storeValid = policy === "store_valid";
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
