// Every Eval Ever 0.3.0 instance-level JSON Lines: each record becomes one
// instance record per rated Likert dimension (./eee-instance.ts; the mapping:
// ./eee-0.3.0.md), so human verdicts can sit beside automatic results.
import { defineExportFormat } from "./format";
import { eeeInstancesOf } from "./eee-instance";

export const eeeFormat = defineExportFormat({
  id: "eee-0.3.0",
  label: "Every Eval Ever 0.3.0 instance-level (one line per rated dimension)",
  description:
    "Every Eval Ever 0.3.0 instance-level JSON Lines: one instance record per record × rated Likert dimension (evaluation_name aif.<dimension>, evaluation.score the 1–5 score, is_correct score ≥ 4), the record's eval_id, rater, confidence and rationale in metadata; records with no Likert score give no line.",
  // JSON Lines, but not the records: a media type of its own keeps the API document's
  // application/x-ndjson entry for the record lines (the content map is keyed by media type).
  mediaType: "application/jsonl",
  extension: "eee.jsonl",
  layout: "derived",
  linesBefore: 0,
  // An item imported from EEE keeps its source line: its lines carry the source's identity (./eee-source.ts).
  readsItemSourceOf: "eee",
  encoder: () => ({
    head: () => "",
    page(bodies, _before, itemSources) {
      let text = "";
      for (const [index, body] of bodies.entries()) {
        const source = itemSources?.[index];
        for (const instance of eeeInstancesOf(JSON.parse(body), source ? JSON.parse(source) : undefined))
          text += `${JSON.stringify(instance)}\n`;
      }
      return Buffer.from(text, "utf8");
    },
    tail: () => "",
  }),
});
