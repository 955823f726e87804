// POST /api/suites/:id/prefills[?policy=…|store_valid=…&file_name=…]: LLM-judge
// records (JSONL, or a JSON array) as the request body, streamed. 201 with the
// report when stored; 422 with every refused line when something was refused
// and store_valid was not asked for (then nothing is stored).
import { withActor } from "@/lib/http/api-handler";
import { uploadedFile } from "@/lib/http/request-body";
import { commitPolicyParam } from "@/lib/imports/commit-policy";
import { prefillReportJson } from "@/lib/review/prefill-report-json";
import { importPrefills } from "@/lib/review/prefill-import";

export async function POST(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const url = new URL(request.url);
    const storeValid = commitPolicyParam(url.searchParams, "prefills", "all_or_nothing") === "store_valid";
    const report = await importPrefills({
      actor,
      origin,
      suiteId: (await context.params).suiteId,
      file: uploadedFile(request),
      fileName: url.searchParams.get("file_name"),
      storeValid,
    });
    if (report.importId === null) {
      const valid = report.recordsRead - report.refused;
      return Response.json(
        {
          error: {
            code: "INVALID_INPUT",
            message: `${report.refused} of ${report.recordsRead} records were refused, so nothing was stored. Fix them, or import again with store_valid=true to store the ${valid} valid one(s).`,
          },
          errors: report.errors.map((error) => ({
            path: `${report.format === "json" ? "record" : "line"} ${error.line}${error.field ? ` ${error.field}` : ""}`,
            rule: error.rule,
            message: error.message,
          })),
          report: prefillReportJson(report),
        },
        { status: 422 },
      );
    }
    return Response.json(prefillReportJson(report), { status: 201 });
  });
}
