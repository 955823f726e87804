// PUT /api/imports/:id/file[?policy=stage|store_valid|all_or_nothing]: the
// file's bytes as the request body (items: JSONL; records and prefills: JSON
// Lines or one JSON array), read as a stream. Answers when the file is read
// (and, if no line was refused, stored) with the import's summary.
import { ref } from "@/lib/api-docs/json-schema";
import { ndjson } from "@/lib/api-docs/operation";
import { policyParameter } from "@/lib/api-docs/areas/imports";
import { ImportSummarySchema } from "@/lib/api-schemas/imports";
import { defineRoute } from "@/lib/http/define-route";
import { uploadedFile } from "@/lib/http/request-body";
import { snakeKeys } from "@/lib/http/snake-case";
import { commitPolicyParam } from "@/lib/imports/commit-policy";
import { readImportFile } from "@/lib/imports/service";

export const PUT = defineRoute(
  {
    method: "PUT",
    path: "/api/imports/{importId}/file",
    id: "uploadImportFile",
    tag: "Item imports",
    access: "items.import",
    summary: "Send the import's file (streamed)",
    description:
      "Answers when the file is read: committed when every line was accepted; otherwise the policy decides (stage: awaiting_decision and nothing is stored yet; store_valid: the valid lines are stored; all_or_nothing: discarded). Native item lines follow NativeItem; EEE and gage lines follow their own specifications; records and prefills imports read AIF records.",
    // Parsed by commitPolicyParam (it also reconciles the older store_valid), so documented, not declared as a zod query.
    parameters: [policyParameter("items", "stage")],
    upload: {
      content: {
        "application/x-ndjson": ndjson(
          ref("NativeItem"),
          "The file as it is, for format=items one NativeItem per line; for a records or prefills import AIF records (JSON Lines or one JSON array).",
        ),
      },
    },
    responses: { 200: { description: "The file was read.", schema: ImportSummarySchema } },
    errors: [400, 404, 409, 413, 422],
  },
  async ({ actor, origin, params, request }) => {
    const policy = commitPolicyParam(new URL(request.url).searchParams, "items", "stage");
    const file = uploadedFile(request);
    return snakeKeys(await readImportFile({ actor, origin, importId: params.importId, file, policy }));
  },
);
