// CSV: one row per record, its identity and scores flattened into columns named
// by their JSON path (universal.helpfulness.score …; a dimension marked not
// rated has no score there). The Likert and hazard
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

/**
 * A Likert part. A dimension marked not rated (lib/aif/not-rated.ts) has no
 * score and no confidence in the table, only the rationale saying why: the
 * table has no anchors_used column to tell its placeholder score from a score.
 */
const likert = (dimension: string, part: string): Column => {
  const keys = dimension.split(".");
  return {
    name: `${dimension}.${part}`,
    cell: (record) => {
      const node = valueAt(record, keys);
      if (part !== "rationale" && isNotRated(node)) return null;
      return scalar(valueAt(record, [...keys, part]));
    },
  };
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
  ...LIKERT_DIMENSIONS.flatMap((dimension) =>
    ["score", "confidence", "rationale"].map((part) => likert(dimension, part)),
  ),
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
