// GET /api/exports/:id/pairwise: the pairwise sidecar of the export's records
// as JSONL, one line per pairwise record (admin); 409 until the export completed.
import { ref } from "@/lib/api-docs/json-schema";
import { ndjson } from "@/lib/api-docs/operation";
import { PairwiseSidecarLineSchema } from "@/lib/api-schemas/pairwise";
import { attachmentHeaders } from "@/lib/export/export-format";
import { exportPairwise } from "@/lib/export/export-runs";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/exports/{exportId}/pairwise",
    id: "getExportPairwise",
    tag: "Exports",
    access: "records.export",
    summary: "Pairwise judgments of the export's records (sidecar)",
    description:
      "One line per pairwise record in the export, in file order: its pair, opponent, shown position, lengths, a judge's two raw order verdicts and its suite's design — with the records, enough for `evalform leaderboard` to recompute the leaderboard. 409 until the export is complete.",
    responses: {
      200: {
        description: "JSON Lines (as an attachment).",
        content: { "application/x-ndjson": ndjson(ref("PairwiseSidecarLine"), "One pairwise record per line.") },
        uses: [PairwiseSidecarLineSchema],
      },
    },
    errors: [404, 409],
  },
  async ({ actor, params }) => {
    const body = await exportPairwise({ actor, exportId: params.exportId });
    return new Response(body, {
      headers: attachmentHeaders(
        `evalform-export-${params.exportId.slice(0, 8)}.pairwise.jsonl`,
        "application/x-ndjson; charset=utf-8",
      ),
    });
  },
);
