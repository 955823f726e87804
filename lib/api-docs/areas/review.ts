// Hybrid review: judge records come in (imported prefills or judge runs) and
// SMEs confirm or correct them as new hybrid records.
import { BOOLEAN_FLAG_VALUES } from "@/lib/imports/query-flag";
import { policyParameter } from "./imports";
import { StartJudgeRunInput } from "@/lib/judge-runs/validation";
import { arrayOf, bool, dateTime, fromZod, int, nullable, num, object, ref, str, uuid } from "../json-schema";
import { jsonAnswer, jsonBody, queryParameter, recordsUpload, type Area } from "../operation";

const schemas = {
  PrefillImportReport: object({
    import_id: nullable(uuid()), format: { type: "string", enum: ["jsonl", "json"] }, records_read: int(), stored: int(),
    already_present: int(), refused: int(),
    errors: arrayOf(object({ line: int(), field: str(), rule: str(), message: str() })), notes: arrayOf(str()),
  }),
  ReviewTask: object({
    judge_eval_id: uuid(), suite: object({ id: uuid(), key: str(), name: str() }), item: ref("NativeItem"), judge_record: ref("AifRecord"),
    status: { type: "string", enum: ["open", "reviewed"] }, draft: nullable({ type: "object" }), draft_version: int(), hybrid_eval_id: nullable(uuid()),
  }),
  SubmittedReview: object({ eval_id: uuid(), already_submitted: bool(), changed_fields: int() }),
  JudgeRun: object({
    id: uuid(), suite_id: uuid(), status: { type: "string", enum: ["running", "cancelled", "completed"] }, model: str(), base_url: str(),
    prompt_version: str(), n_samples: int(), concurrency: int(), temperature: num(), created_at: dateTime(), finished_at: nullable(dateTime()),
    progress: object({ total: int(), pending: int(), running: int(), stored: int(), failed: int(), cancelled: int() }),
    failures: arrayOf(object({
      item_id: uuid(), task_id: str(), attempts: int(), stage: str(), message: str(),
      issues: arrayOf(ref("ValidationIssue")), raw_answers: arrayOf(str(), "the judge's answers, as received"),
    }), "only when reading one run"),
  }, { optional: ["failures"] }),
};

export const reviewArea: Area = {
  tag: { name: "Review", description: "LLM-judge prefills, judge runs, and the SME review that turns a judge record into a hybrid record (derived_from = the judge record)." },
  schemas,
  operations: [
    {
      method: "post", path: "/api/suites/{suiteId}/prefills", id: "importPrefills", access: "prefills.import",
      summary: "Import LLM-judge records as prefills",
      description: "Matched to the suite's items by task.task_id (and suite_id, system_under_test where they tell items apart). Records keep their eval_id; a repeat stores nothing twice. When any record is refused and store_valid is not true, nothing is stored.",
      query: [
        policyParameter("prefills", "all_or_nothing"),
        queryParameter("store_valid", "the older spelling of policy: 1 or true is store_valid, 0 or false all_or_nothing (another value answers 422)", { type: "string", enum: [...BOOLEAN_FLAG_VALUES] }),
        queryParameter("file_name", "shown in the import's listing", { type: "string" }),
      ],
      body: recordsUpload(ref("AifRecordWithRules"), "llm_judge records without derived_from: JSON Lines, or one JSON document (an array or a record)."),
      responses: {
        201: jsonAnswer("Stored.", ref("PrefillImportReport")),
        422: jsonAnswer("Some records were refused; nothing was stored. `errors[].path` reads \"line N /field\".", {
          allOf: [ref("Error"), object({ report: ref("PrefillImportReport") })],
        }),
      },
      errors: [400, 404, 413],
    },
    { method: "get", path: "/api/suites/{suiteId}/judge-runs", id: "listJudgeRuns", access: "judge_runs.manage", summary: "The suite's judge runs with progress", responses: { 200: jsonAnswer("The runs.", object({ judge_runs: arrayOf(ref("JudgeRun")) })) }, errors: [404] },
    {
      method: "post", path: "/api/suites/{suiteId}/judge-runs", id: "startJudgeRun", access: "judge_runs.manage",
      summary: "Run the configured LLM judge over the suite",
      description: "409 when no judge endpoint is configured (EVALFORM_JUDGE_BASE_URL, EVALFORM_JUDGE_MODEL).",
      body: { ...jsonBody(fromZod(StartJudgeRunInput)), required: false },
      responses: { 201: jsonAnswer("Started.", ref("JudgeRun")) },
      errors: [400, 404, 409, 422],
    },
    { method: "get", path: "/api/judge-runs/{runId}", id: "getJudgeRun", access: "judge_runs.manage", summary: "A run's progress and failed items", responses: { 200: jsonAnswer("The run, with failures.", ref("JudgeRun")) }, errors: [404] },
    { method: "post", path: "/api/judge-runs/{runId}/cancel", id: "cancelJudgeRun", access: "judge_runs.manage", summary: "Cancel a run (stored records stay)", responses: { 200: jsonAnswer("The run.", ref("JudgeRun")) }, errors: [404] },
    { method: "post", path: "/api/suites/{suiteId}/review-next", id: "nextReview", access: "review.work", summary: "Your next prefill of the suite, held for you", responses: { 200: jsonAnswer("The judge record's eval_id, or null when none is left.", object({ judge_eval_id: nullable(uuid()) })) }, errors: [404] },
    { method: "get", path: "/api/reviews/{judgeEvalId}", id: "getReview", access: "review.work", summary: "A prefill you hold: item, judge record, draft", responses: { 200: jsonAnswer("The review task.", ref("ReviewTask")) }, errors: [404] },
    { method: "put", path: "/api/reviews/{judgeEvalId}/draft", id: "saveReviewDraft", access: "review.work", summary: "Save the review draft", body: jsonBody(ref("DraftSave")), responses: { 200: jsonAnswer("Saved.", ref("SavedDraft")) }, errors: [400, 404, 409, 413, 422] },
    {
      method: "post", path: "/api/reviews/{judgeEvalId}/submit", id: "submitReview", access: "review.work",
      summary: "Submit the review as a hybrid record",
      description: "Stores a new record (rater.type hybrid, derived_from = the judge record) with a decision per judged field; a repeat answers 200 with the same eval_id.",
      body: jsonBody(ref("DraftSubmit")),
      responses: { 201: jsonAnswer("Stored.", ref("SubmittedReview")), 200: jsonAnswer("Submitted before.", ref("SubmittedReview")) },
      errors: [400, 404, 409, 422],
    },
  ],
};
