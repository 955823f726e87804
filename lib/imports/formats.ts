// The item import formats, one entry each: the type, the API's zod enum and
// OpenAPI enum, the upload page's <option>s and the CLI usage are derived from
// this list; schemas/item.schema.json and the database CHECK allow any id of
// the shape every id here has (tests hold both). Client-safe (no parser here:
// those are in ./parsers.ts, server-side).

export type ImportFormatInfo = {
  id: string;
  /** As the upload page's <option> shows it. */
  label: string;
  /** One phrase for the API documentation. */
  description: string;
  /** File kinds the reader accepts for this format (JSON Lines today). */
  fileKinds: readonly ("jsonl" | "json")[];
};

export const IMPORT_FORMATS = [
  { id: "items", label: "evalform items (native)", description: "native items", fileKinds: ["jsonl"] },
  {
    id: "eee",
    label: "Every Eval Ever (instance-level)",
    description: "Every Eval Ever instance-level",
    fileKinds: ["jsonl"],
  },
  { id: "gage", label: "gage-eval Samples", description: "gage-eval Samples", fileKinds: ["jsonl"] },
] as const satisfies readonly ImportFormatInfo[];

export type ImportFormat = (typeof IMPORT_FORMATS)[number]["id"];

export const IMPORT_FORMAT_IDS: readonly ImportFormat[] = IMPORT_FORMATS.map((format) => format.id);

export function importFormatInfo(id: ImportFormat): ImportFormatInfo {
  return IMPORT_FORMATS.find((format) => format.id === id)!;
}

export function isImportFormat(value: unknown): value is ImportFormat {
  return typeof value === "string" && (IMPORT_FORMAT_IDS as readonly string[]).includes(value);
}

/** "items|eee|gage", for usage lines. */
export const IMPORT_FORMAT_CHOICES = IMPORT_FORMAT_IDS.join("|");

/** "eee: Every Eval Ever instance-level; …", for the API documentation. */
export const IMPORT_FORMAT_SUMMARY = IMPORT_FORMATS.map((format) => `${format.id}: ${format.description}`).join("; ");
