// GET /api/exports/:id/manifest: filter, count, origin, the file's sha256 and
// every record's (admin); 409 until the export completed.
import { ref } from "@/lib/api-docs/json-schema";
import { ExportManifestSchema } from "@/lib/api-schemas/exports";
import { attachmentHeaders } from "@/lib/export/export-format";
import { exportManifest } from "@/lib/export/export-runs";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/exports/{exportId}/manifest",
    id: "getExportManifest",
    tag: "Exports",
    access: "records.export",
    summary: "The export's manifest: counts and hashes",
    description: "409 until the export is complete.",
    responses: {
      200: {
        description: "The manifest (as an attachment).",
        content: { "application/json": { schema: ref("ExportManifest") } },
        uses: [ExportManifestSchema],
      },
    },
    errors: [404, 409],
  },
  async ({ actor, params }) => {
    const body = await exportManifest({ actor, exportId: params.exportId });
    return new Response(body, {
      headers: attachmentHeaders(
        `evalform-export-${params.exportId.slice(0, 8)}.manifest.json`,
        "application/json; charset=utf-8",
      ),
    });
  },
);
