// The export format query parameter, and how each format is served.
import { AppError } from "@/lib/errors";
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
