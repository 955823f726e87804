// POST /api/imports/:id/decision {decision: "import_valid_lines" | "discard"}
// for an import with refused lines, of any kind.
import { z } from "zod";
import { ImportSummarySchema } from "@/lib/api-schemas/imports";
import { bodyField, defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { decideImport } from "@/lib/imports/service";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/imports/{importId}/decision",
    id: "decideImport",
    tag: "Item imports",
    access: "items.import",
    summary: "Import the valid lines, or discard the import",
    description:
      "For an import awaiting a decision. Items or identical records an earlier import brought in are skipped and counted; a record refused only now (its eval_id taken meanwhile, or derived from a record nowhere found) joins the report with its line.",
    body: z.object({ decision: z.enum(["import_valid_lines", "discard"]) }),
    responses: { 200: { description: "Decided.", schema: ImportSummarySchema } },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) =>
    snakeKeys(await decideImport({ actor, origin, importId: params.importId, decision: bodyField(body, "decision") })),
);
