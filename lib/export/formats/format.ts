// What an export format is: its registry facts (id, label, media type, file
// extension, layout) and its encoder. The paging loop (stream-export.ts) hands
// an encoder each page of stored record bodies and knows nothing of encodings.

/**
 * How records sit in the file, for the readers that do not decode it: progress
 * counts lines, `evalform verify` reads records back, the API docs describe it.
 * lines: one record's JSON per line; array: one JSON array, a record per line
 * between "[" and "]"; table: one row per record (a record's fields flattened:
 * the file's hash is verifiable, the records' hashes are not); derived: lines
 * another format's records are made from, any number per record (Every Eval
 * Ever's instance records: the file's hash is verifiable, not its records).
 */
export type ExportLayout = "lines" | "array" | "table" | "derived";

export type ExportEncoder = {
  /** Text before the first record (an opening bracket, a header row). */
  head(): string;
  /**
   * One page of records, given as their stored JSON text in file order; `before` records were written already.
   * `itemSources` (formats with `readsItemSourceOf`) holds each record's rated item's stored source, as JSON text, or null.
   */
  page(bodies: readonly string[], before: number, itemSources?: readonly (string | null)[]): Buffer;
  /** Text after the last of `count` records. */
  tail(count: number): string;
};

export type ExportFormat<Id extends string = string> = {
  id: Id;
  /** What the export page's format list says. */
  label: string;
  /** What the file holds, for the API documentation, where the label does not say enough. */
  description?: string;
  /** Without parameters; the file is served as `${mediaType}; charset=utf-8`. */
  mediaType: string;
  extension: string;
  layout: ExportLayout;
  /**
   * The item import format (lib/imports/formats.ts) whose stored source (item.source, read through suite_record)
   * the encoder is also given for each record rating such an item; null for a record of any other item.
   */
  readsItemSourceOf?: "eee";
  /** Lines before the first record (progress counts the lines after them). */
  linesBefore: number;
  /** A fresh encoder for one file. */
  encoder(): ExportEncoder;
};

export function defineExportFormat<const Id extends string>(format: ExportFormat<Id>): ExportFormat<Id> {
  return format;
}
