// POST /api/suites/:id/prefills[?policy=…|store_valid=…&file_name=…&format=…&scale=…]: LLM-judge
// records (JSONL, or a JSON array) as the request body, streamed. 201 with the
// report when stored; 422 with every refused line when something was refused
// and store_valid was not asked for (then nothing is stored). policy=stage:
// 201 with a staged import (/api/imports/:id) awaiting the admin's decision.
import { AppError } from "@/lib/errors";
import { withActor } from "@/lib/http/api-handler";
import { uploadedFile } from "@/lib/http/request-body";
import { commitPolicyParam } from "@/lib/imports/commit-policy";
import { stagedAnswer } from "@/lib/imports/staged-answer";
import { stageImport } from "@/lib/imports/service";
import { prefillReportJson } from "@/lib/review/prefill-report-json";
import { importPrefills } from "@/lib/review/prefill-import";
import { prefillFormatParams } from "@/lib/imports/prefill-format-param";

export async function POST(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const url = new URL(request.url);
    const policy = commitPolicyParam(url.searchParams, "prefills", "all_or_nothing");
    const { suiteId } = await context.params;
    if (policy === "stage") {
      // The staged protocol reads AIF prefills; another tool's judgments are read in one request.
      if (prefillFormatParams(url.searchParams).format !== "aif")
        throw new AppError("INVALID_INPUT", "policy=stage takes AIF prefills", [
          {
            path: "format",
            rule: "stagedFormat",
            message: "judge outputs in another format are imported in one request (all_or_nothing or store_valid)",
          },
        ]);
      const input = {
        kind: "prefills" as const,
        suite_id: suiteId,
        file_name: url.searchParams.get("file_name") ?? undefined,
      };
      return stagedAnswer(await stageImport({ actor, origin, input, file: uploadedFile(request) }));
    }
    const storeValid = policy === "store_valid";
    const report = await importPrefills({
      actor,
      origin,
      suiteId,
      file: uploadedFile(request),
      fileName: url.searchParams.get("file_name"),
      storeValid,
      ...prefillFormatParams(url.searchParams),
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
