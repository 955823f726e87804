// The export format parameter (one of the registry's formats), and how an
// export's file is served.
import { AppError } from "@/lib/errors";
import {
  contentTypeOf,
  DEFAULT_EXPORT_FORMAT,
  EXPORT_FORMAT_IDS,
  exportFormat,
  isExportFormatId,
  type ExportFormatId,
} from "./formats/registry";
import { parseRecordFilter, type RecordFilter } from "./record-filter";

export function parseExportFormat(value: string | null): ExportFormatId {
  if (value === null) return DEFAULT_EXPORT_FORMAT;
  if (isExportFormatId(value)) return value;
  throw new AppError("INVALID_INPUT", "Unknown export format", [
    { path: "/format", rule: "enum", message: `must be one of ${EXPORT_FORMAT_IDS.join(", ")}` },
  ]);
}

/** The attachment headers of an export's file, named by the format's extension and served as its media type. */
export function exportFileHeaders(options: {
  exportId: string;
  format: ExportFormatId;
  date?: Date;
}): Record<string, string> {
  const format = exportFormat(options.format);
  const day = (options.date ?? new Date()).toISOString().slice(0, 10);
  return attachmentHeaders(
    `evalform-records-${day}-${options.exportId.slice(0, 8)}.${format.extension}`,
    contentTypeOf(format),
  );
}

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
export function parseExportRequest(body: unknown): { format: ExportFormatId; filter: RecordFilter } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("INVALID_INPUT", "The export request is not valid", [
      { path: "", rule: "type", message: "must be a JSON object: {format, ...filter}" },
    ]);
  }
  const { format, ...rest } = body as Record<string, unknown>;
  if (format !== undefined && typeof format !== "string") {
    throw new AppError("INVALID_INPUT", "Unknown export format", [
      { path: "/format", rule: "type", message: `must be one of ${EXPORT_FORMAT_IDS.join(", ")}` },
    ]);
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== "string" && typeof item !== "boolean" && typeof item !== "number") {
        throw new AppError("INVALID_INPUT", "The filter is not valid", [
          { path: `/${key}`, rule: "type", message: "must be a string (or a list of strings)" },
        ]);
      }
      params.append(key, String(item));
    }
  }
  return { format: parseExportFormat(format ?? null), filter: parseRecordFilter(params) };
}
