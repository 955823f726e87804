// The export formats: one entry per format, each defined in its own file with
// its encoder. Everything that lists formats — the request parser, the
// OpenAPI enum and media types, the export page's options, the CLI usage,
// progress and `evalform verify` — reads this list. A new format is a file
// beside jsonl.ts and one line here.
import { csvFormat } from "./csv";
import { eeeFormat } from "./eee";
import type { ExportFormat } from "./format";
import { jsonFormat } from "./json";
import { jsonlFormat } from "./jsonl";

export const EXPORT_FORMATS = [jsonlFormat, jsonFormat, csvFormat, eeeFormat] as const;

export type ExportFormatId = (typeof EXPORT_FORMATS)[number]["id"];
export const EXPORT_FORMAT_IDS = EXPORT_FORMATS.map((format) => format.id) as [ExportFormatId, ...ExportFormatId[]];
export const DEFAULT_EXPORT_FORMAT: ExportFormatId = "jsonl";

export function isExportFormatId(value: string): value is ExportFormatId {
  return (EXPORT_FORMAT_IDS as readonly string[]).includes(value);
}

export function exportFormat(id: ExportFormatId): ExportFormat<ExportFormatId> {
  return EXPORT_FORMATS.find((format) => format.id === id)!;
}

/** The served Content-Type of a format's file. */
export const contentTypeOf = (format: ExportFormat): string => `${format.mediaType}; charset=utf-8`;

/** Records received so far from the lines received: the format's leading lines are not records. */
export const recordsInLines = (format: Pick<ExportFormat, "linesBefore">, lines: number): number =>
  Math.max(lines - format.linesBefore, 0);
