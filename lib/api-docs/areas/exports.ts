// Exports: records streamed in one of the registry's formats with a manifest
// (counts and hashes) and the review-decision sidecar of the hybrid records they hold.
import type { ExportFormat } from "@/lib/export/formats/format";
import { DEFAULT_EXPORT_FORMAT, EXPORT_FORMAT_IDS, EXPORT_FORMATS } from "@/lib/export/formats/registry";
import { RECORD_FILTER_KEYS, RecordFilterSchema } from "@/lib/export/record-filter";
import { arrayOf, dateTime, fromZod, int, nullable, object, ref, str, uuid, type JsonSchema } from "../json-schema";
import { header, jsonAnswer, jsonBody, ndjson, queryParameter, type Area } from "../operation";

const sha256 = (description?: string): JsonSchema => str(description, { pattern: "^sha256:[0-9a-f]{64}$" });
const filter: JsonSchema = { type: "object", description: "the record filter the export was made with (the filter fields of POST /api/exports)" };
const format: JsonSchema = { type: "string", enum: [...EXPORT_FORMAT_IDS] };

/** A format's file as a response body, described by its layout. */
function fileContent(entry: ExportFormat): JsonSchema {
  const note = `format=${entry.id}.`;
  if (entry.layout === "lines") return ndjson(ref("AifRecord"), note);
  if (entry.layout === "array") return { schema: arrayOf(ref("AifRecord"), `format=${entry.id}`) };
  return { schema: { type: "string", description: `${note} ${entry.label}.` } };
}

const schemas = {
  Export: object({
    id: uuid(),
    status: { type: "string", enum: ["prepared", "streaming", "complete", "aborted", "failed", "interrupted"], description: "prepared: started, its file not fetched yet; interrupted: still streaming, but no page was written for longer than a stalled download may last" },
    format, filter, count: int("records the filter matched"), exported: int("records written so far"),
    bytes: int(), file_sha256: nullable(sha256("of the downloaded file, once complete")), failure: nullable(str()),
    created_at: dateTime(), finished_at: nullable(dateTime()),
  }),
  ExportManifest: object({
    manifest_version: str(), export_id: uuid(), created_at: dateTime(), finished_at: dateTime(),
    app: object({ name: str(), version: str() }),
    schema: object({ id: str("the AIF schema's $id"), version: str(), sha256: sha256("of the schema's canonical JSON") }),
    format, filter, count: int(),
    file: object({ bytes: int(), sha256: sha256() }),
    record_hash: str("how each record's sha256 is computed (canonical JSON, RFC 8785)"),
    records: arrayOf(object({ eval_id: uuid(), sha256: sha256() })),
  }),
  ReviewDecisionLine: object({
    eval_id: uuid("the hybrid record"), derived_from: uuid("the judge record it reviews"),
    field: str("JSON Pointer of the judged field"),
    decision: { type: "string", enum: ["accepted", "edited", "added"] },
    judge_value: { description: "the judge's value (edited fields)" },
    value: { description: "the value in the hybrid record" },
  }, { optional: ["judge_value", "value"] }),
};

const admin = "records.export" as const;

export const exportsArea: Area = {
  tag: { name: "Exports", description: "Records out of the app: streamed from a database cursor, each export with a manifest of counts and hashes." },
  schemas,
  operations: [
    {
      method: "post", path: "/api/exports", id: "startExport", access: admin,
      summary: "Start an export of the records the filter matches",
      description: "Records the export (status prepared) and answers where its file is. Like every change it is refused from another site's page (a session request needs the app's Origin), so a link cannot start one. The filter fields are those of the record filter (task_id and rater_type as lists).",
      body: jsonBody(object({ format: { ...format, default: DEFAULT_EXPORT_FORMAT, description: EXPORT_FORMATS.map((entry) => `${entry.id}: ${entry.label}`).join("; ") }, ...(fromZod(RecordFilterSchema).properties as Record<string, JsonSchema>) }, { optional: ["format", ...RECORD_FILTER_KEYS] })),
      responses: {
        201: {
          ...jsonAnswer("The export, prepared.", object({ export_id: uuid(), format, file: str("GET this path for the file: /api/exports/{id}/file") })),
          headers: { Location: header("/api/exports/{id}/file") },
        },
      },
      errors: [400, 422],
    },
    {
      method: "get", path: "/api/exports/{exportId}/file", id: "downloadExport", access: admin,
      summary: "Download a prepared export's records",
      description: "Streams the records exactly as stored, from one snapshot taken now, as an attachment; once per export (409 afterwards), by the admin who started it. The manifest (Link header) lists every record's hash once the download completed.",
      responses: {
        200: {
          description: "The records.",
          headers: {
            "X-Export-Id": header("the export's id"),
            "X-Export-Count": header("records the filter matched", { type: "integer" }),
            Link: header('</api/exports/{id}/manifest>; rel="describedby"'),
            "Content-Disposition": header("attachment; filename=…"),
            "Cache-Control": header("no-store, no-transform: the file's sha256 is of these exact bytes"),
          },
          content: Object.fromEntries(EXPORT_FORMATS.map((entry) => [entry.mediaType, fileContent(entry)])),
        },
      },
      errors: [404, 409, 503],
    },
    {
      method: "get", path: "/api/exports", id: "listExports", access: admin,
      summary: "Recent exports",
      query: [queryParameter("limit", "exports to list", { type: "integer", minimum: 1, maximum: 100, default: 20 })],
      responses: { 200: jsonAnswer("Newest first.", object({ exports: arrayOf(ref("Export")) })) },
    },
    {
      method: "get", path: "/api/exports/{exportId}", id: "getExport", access: admin,
      summary: "One export's status",
      responses: { 200: jsonAnswer("The export.", ref("Export")) },
      errors: [404],
    },
    {
      method: "get", path: "/api/exports/{exportId}/manifest", id: "getExportManifest", access: admin,
      summary: "The export's manifest: counts and hashes",
      description: "409 until the export is complete.",
      responses: { 200: jsonAnswer("The manifest (as an attachment).", ref("ExportManifest")) },
      errors: [404, 409],
    },
    {
      method: "get", path: "/api/exports/{exportId}/decisions", id: "getExportDecisions", access: admin,
      summary: "Review decisions of the export's hybrid records (sidecar)",
      description: "One line per decision an SME made on a judge's field, for every hybrid record in the export, in file order; the records themselves stay exactly schema-valid. 409 until the export is complete.",
      responses: { 200: { description: "JSON Lines (as an attachment).", content: { "application/x-ndjson": ndjson(ref("ReviewDecisionLine"), "One decision per line.") } } },
      errors: [404, 409],
    },
  ],
};
