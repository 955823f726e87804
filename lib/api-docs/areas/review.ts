// Hybrid review: judge records come in (imported prefills or judge runs) and
// SMEs confirm or correct them as new hybrid records. Only the prefill import
// is described here; the other review routes are route contracts.
import { BOOLEAN_FLAG_VALUES } from "@/lib/imports/query-flag";
import { PREFILL_FORMAT_IDS, PREFILL_FORMAT_SUMMARY, SCALE_MAPPINGS } from "@/lib/imports/formats";
import { policyParameter } from "./imports";
import { arrayOf, int, nullable, object, ref, str, uuid } from "../json-schema";
import { jsonAnswer, queryParameter, recordsUpload, type Area } from "../operation";

const schemas = {
  PrefillImportReport: object({
    import_id: nullable(uuid()),
    format: { type: "string", enum: ["jsonl", "json"] },
    records_read: int(),
    stored: int(),
    already_present: int(),
    refused: int(),
    errors: arrayOf(object({ line: int(), field: str(), rule: str(), message: str() })),
    notes: arrayOf(str()),
  }),
};

export const reviewArea: Area = {
  tag: {
    name: "Review",
    description:
      "LLM-judge prefills, judge runs, and the SME review that turns a judge record into a hybrid record (derived_from = the judge record).",
  },
  schemas,
  operations: [
    {
      method: "post",
      path: "/api/suites/{suiteId}/prefills",
      id: "importPrefills",
      access: "prefills.import",
      summary: "Import LLM-judge records as prefills",
      description:
        "Matched to the suite's items by task.task_id (and suite_id, system_under_test where they tell items apart). Records keep their eval_id; a repeat stores nothing twice. When any record is refused under all_or_nothing, nothing is stored. policy=stage answers 201 with a staged import (ImportSummary, see Item imports) awaiting the admin's decision.",
      query: [
        policyParameter("prefills", "all_or_nothing"),
        queryParameter(
          "store_valid",
          "the older spelling of policy: 1 or true is store_valid, 0 or false all_or_nothing (another value answers 422)",
          { type: "string", enum: [...BOOLEAN_FLAG_VALUES] },
        ),
        queryParameter("file_name", "shown in the import's listing", { type: "string" }),
        queryParameter("format", `the judge output's format (default aif): ${PREFILL_FORMAT_SUMMARY}`, {
          type: "string",
          enum: [...PREFILL_FORMAT_IDS],
        }),
        queryParameter(
          "scale",
          `how a 1-10 judge score becomes 1-5 (default linear), written into each prefill's rater.version and freeform.notes: ${SCALE_MAPPINGS.map((m) => `${m.id}: ${m.label}`).join("; ")}`,
          { type: "string", enum: SCALE_MAPPINGS.map((m) => m.id) },
        ),
        queryParameter(
          "judge_model",
          "the judge model, for judge outputs that do not name it (WildBench names it only in its folder; some arena files): written as rater.model. A judgment whose file names no judge and without this parameter is refused (rule judgeModel), never labelled unknown",
          { type: "string", minLength: 1, maxLength: 200 },
        ),
        queryParameter(
          "judge_version",
          "the judge's version (a model snapshot, a prompt revision), written first in each prefill's rater.version",
          { type: "string", minLength: 1, maxLength: 200 },
        ),
        queryParameter(
          "scorer",
          "format inspect_scores: Inspect scorers to read as model-graded besides model_graded_qa and model_graded_fact (repeated, or comma-separated). Rule-based scorers (answer, choice, exact, f1, includes, match, math, pattern, perplexity) are never read as a judge (rule ruleBasedScorer)",
          { type: "string" },
        ),
      ],
      body: recordsUpload(
        ref("AifRecordWithRules"),
        "llm_judge records without derived_from: JSON Lines, or one JSON document (an array or a record).",
      ),
      responses: {
        201: jsonAnswer("Stored (PrefillImportReport), or with policy=stage the staged import (ImportSummary).", {
          oneOf: [ref("PrefillImportReport"), ref("ImportSummary")],
        }),
        422: jsonAnswer('Some records were refused; nothing was stored. `errors[].path` reads "line N /field".', {
          allOf: [ref("Error"), object({ report: ref("PrefillImportReport") })],
        }),
      },
      errors: [400, 404, 413],
    },
  ],
};
