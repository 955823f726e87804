// The export format query parameter, and how each format is served.
import { AppError } from "@/lib/errors";
import { parseRecordFilter, type RecordFilter } from "./record-filter";
import { EXPORT_FORMATS, type ExportFormat } from "./stream-export";

export function parseExportFormat(value: string | null): ExportFormat {
  if (value === null) return "jsonl";
  if ((EXPORT_FORMATS as readonly string[]).includes(value)) return value as ExportFormat;
  throw new AppError("INVALID_INPUT", "Unknown export format", [{ path: "/format", rule: "enum", message: `must be one of ${EXPORT_FORMATS.join(", ")}` }]);
}

export const EXPORT_CONTENT_TYPE: Record<ExportFormat, string> = {
  jsonl: "application/x-ndjson; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** Downloads are attachments, never rendered in the app's origin. */
export function attachmentHeaders(fileName: string, contentType: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
    "X-Content-Type-Options": "nosniff",
    // no-transform: the server's gzip would cost more CPU than the database read;
    // the file's sha256 is of these exact bytes.
    "Cache-Control": "no-store, no-transform",
  };
}

/**
 * The body of POST /api/exports: `format` and the record filter, with the
 * filter's query-parameter names (a list for the repeatable ones), read by the
 * same parser as the query string so both refuse the same way.
 */
export function parseExportRequest(body: unknown): { format: ExportFormat; filter: RecordFilter } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("INVALID_INPUT", "The export request is not valid", [{ path: "", rule: "type", message: "must be a JSON object: {format, ...filter}" }]);
  }
  const { format, ...rest } = body as Record<string, unknown>;
  if (format !== undefined && typeof format !== "string") {
    throw new AppError("INVALID_INPUT", "Unknown export format", [{ path: "/format", rule: "type", message: `must be one of ${EXPORT_FORMATS.join(", ")}` }]);
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== "string" && typeof item !== "boolean" && typeof item !== "number") {
        throw new AppError("INVALID_INPUT", "The filter is not valid", [{ path: `/${key}`, rule: "type", message: "must be a string (or a list of strings)" }]);
      }
      params.append(key, String(item));
    }
  }
  return { format: parseExportFormat(format ?? null), filter: parseRecordFilter(params) };
}
