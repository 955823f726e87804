// GET /api/exports: the most recent exports with their status (admin).
// POST /api/exports {format, ...filter}: starts an export (same-origin checked
// like every change) → 201 {export_id, file}; the file is GET /api/exports/:id/file.
import { z } from "zod";
import { header } from "@/lib/api-docs/operation";
import { ExportSchema, exportFormat } from "@/lib/api-schemas/exports";
import { uuid } from "@/lib/api-schemas/common";
import { listExports } from "@/lib/export/export-runs";
import { DEFAULT_EXPORT_FORMAT, EXPORT_FORMATS } from "@/lib/export/formats/registry";
import { RecordFilterSchema } from "@/lib/export/record-filter";
import { prepareRequestedExport } from "@/lib/export/stream-export";
import { defineRoute, reply } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/exports",
    id: "listExports",
    tag: "Exports",
    access: "records.export",
    summary: "Recent exports",
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20).describe("exports to list") }),
    responses: { 200: { description: "Newest first.", schema: z.object({ exports: z.array(ExportSchema) }) } },
    errors: [422],
  },
  async ({ actor, query }) => ({ exports: await listExports({ actor, limit: query.limit }) }),
);

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/exports",
    id: "startExport",
    tag: "Exports",
    access: "records.export",
    summary: "Start an export of the records the filter matches",
    description:
      "Records the export (status prepared) and answers where its file is. Like every change it is refused from another site's page (a session request needs the app's Origin), so a link cannot start one. The filter fields are those of the record filter (task_id and rater_type as lists).",
    body: RecordFilterSchema.safeExtend({
      format: exportFormat()
        .default(DEFAULT_EXPORT_FORMAT)
        .describe(EXPORT_FORMATS.map((entry) => `${entry.id}: ${entry.label}`).join("; ")),
    }),
    responses: {
      201: {
        description: "The export, prepared.",
        schema: z.object({
          export_id: uuid(),
          format: exportFormat(),
          file: z.string().describe("GET this path for the file: /api/exports/{id}/file"),
        }),
        headers: { Location: header("/api/exports/{id}/file") },
      },
    },
    errors: [400, 422],
  },
  async ({ actor, origin, body }) => {
    const { exportId, format } = await prepareRequestedExport({ actor, origin, body });
    const file = `/api/exports/${exportId}/file`;
    return reply({ export_id: exportId, format, file }, 201, { Location: file });
  },
);
