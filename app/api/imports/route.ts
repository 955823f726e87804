// GET /api/imports: recent imports of every kind (admin). POST {kind, format?,
// suite_id?, file_name?, system_under_test?}: a new import; send its file with
// PUT /api/imports/:id/file.
import { z } from "zod";
import { header } from "@/lib/api-docs/operation";
import { ImportSummarySchema } from "@/lib/api-schemas/imports";
import { defineRoute, reply } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { createImport, listImports } from "@/lib/imports/service";
import { NewImportInput } from "@/lib/imports/validation";
import { IMPORT_KINDS } from "@/lib/statuses";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/imports",
    id: "listImports",
    tag: "Item imports",
    access: "items.import",
    summary: "Recent imports of every kind",
    query: z.object({ kind: z.enum(IMPORT_KINDS).optional().describe("only imports of this kind") }),
    responses: { 200: { description: "Newest first.", schema: z.object({ imports: z.array(ImportSummarySchema) }) } },
    errors: [422],
  },
  async ({ actor, query }) => ({ imports: (await listImports({ actor, kind: query.kind })).map(snakeKeys) }),
);

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/imports",
    id: "createImport",
    tag: "Item imports",
    access: "items.import",
    summary: "Start an import (items, records or prefills)",
    description:
      "Then send its file with PUT /api/imports/{importId}/file. An items import names its format; a prefills import its suite. Records and prefills imports need records.import and prefills.import.",
    body: NewImportInput,
    responses: {
      201: {
        description: "Created.",
        schema: ImportSummarySchema,
        headers: { Location: header("/api/imports/{id}") },
      },
    },
    errors: [400, 404, 422],
  },
  async ({ actor, body }) => {
    const created = await createImport({ actor, input: body });
    return reply(snakeKeys(created), 201, { Location: `/api/imports/${created.id}` });
  },
);
