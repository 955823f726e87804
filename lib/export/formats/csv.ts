// CSV: one row per record, its identity and scores flattened into columns named
// by their JSON path (universal.helpfulness.score …). The Likert and hazard
// columns come from the contract facts, so a new dimension is a new column by
// itself. Cells go through the app's CSV writer (formula injection guarded).
import { HAZARDS, LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { isNotRated } from "@/lib/aif/not-rated";
import { csvLine, type CsvCell } from "@/lib/csv";
import { defineExportFormat } from "./format";

type Column = { name: string; cell: (record: Record<string, unknown>) => CsvCell };

function valueAt(record: Record<string, unknown>, keys: readonly string[]): unknown {
  let node: unknown = record;
  for (const key of keys) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const scalar = (value: unknown): CsvCell =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? value
    : value == null
      ? null
      : JSON.stringify(value);

const at = (path: string): Column => {
  const keys = path.split(".");
  return { name: path, cell: (record) => scalar(valueAt(record, keys)) };
};

export const CSV_COLUMNS: readonly Column[] = [
  ...["eval_id", "created_at", "derived_from", "schema_version"].map(at),
  ...["rater.type", "rater.id", "rater.model"].map(at),
  ...[
    "subject.system_under_test",
    "subject.model",
    "task.task_id",
    "task.suite_id",
    "task.modality",
    "task.gold_item_id",
  ].map(at),
  ...LIKERT_DIMENSIONS.flatMap((dimension) => {
    const [score, confidence, rationale] = ["score", "confidence", "rationale"].map((part) =>
      at(`${dimension}.${part}`),
    );
    // A field marked not rated holds a placeholder score and confidence (the schema requires them): a spreadsheet
    // would average them, so their cells stay empty and the rationale ("Not rated: …") says why.
    const rated = (column: Column): Column => ({
      name: column.name,
      cell: (record) => (isNotRated(valueAt(record, dimension.split("."))) ? null : column.cell(record)),
    });
    return [rated(score!), rated(confidence!), rationale!];
  }),
  at("universal.vs_reference"),
  at("safety.is_violating_any"),
  ...HAZARDS.flatMap((hazard) => ["verdict", "severity"].map((part) => at(`safety.${hazard}.${part}`))),
  ...["refusal.refusal_observed", "refusal.appropriateness"].map(at),
  { name: "issue_tags", cell: (record) => (Array.isArray(record.issue_tags) ? record.issue_tags.join(";") : null) },
];

export const csvFormat = defineExportFormat({
  id: "csv",
  label: "CSV (one row per record, scores flattened)",
  mediaType: "text/csv",
  extension: "csv",
  layout: "table",
  linesBefore: 1,
  encoder: () => ({
    head: () => csvLine(CSV_COLUMNS.map((column) => column.name)),
    page(bodies) {
      let text = "";
      for (const body of bodies) {
        const record = JSON.parse(body) as Record<string, unknown>;
        text += csvLine(CSV_COLUMNS.map((column) => column.cell(record)));
      }
      return Buffer.from(text, "utf8");
    },
    tail: () => "",
  }),
});
