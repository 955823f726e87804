// Suites: created from imports, their progress, share links, quality report
// and review summary (admin).
import { MODALITIES } from "@/lib/aif/contract-facts";
import { NewShareLinkInput } from "@/lib/share-links/validation";
import { NewSuiteInput, SuitePatchInput } from "@/lib/suites/validation";
import { arrayOf, dateTime, fromZod, int, nullable, num, object, ref, str, uuid } from "../json-schema";
import { header, jsonAnswer, jsonBody, noContent, queryParameter, type Area } from "../operation";

const suiteSummary = {
  id: uuid(), key: str("becomes task.suite_id of the suite's records"), name: str(), overlap_k: int(), gold_share: num(), hold_seconds: int(),
  items: int(), gold_items: int(), complete_items: int(), ratings_submitted: int(), ratings_needed: int(), created_at: dateTime(),
};

const sliceQuery = [
  queryParameter("system_under_test", "only items of this system under test", { type: "string" }),
  queryParameter("modality", "only items of this modality", { type: "string", enum: ["chat", "agent", "rag", "multimodal"] }),
  queryParameter("tag", "only items with this tag, as key=value", { type: "string" }),
];
const verdict = { type: "string", enum: ["not_applicable", "non_violating", "violating", "unsure"] };
const scalar = { type: ["string", "number", "boolean", "null"] };

const schemas = {
  ReportDrillDown: object({
    suite: object({ id: uuid(), key: str(), name: str() }),
    slice: object({ system_under_test: nullable(str()), modality: nullable(str()), tag: nullable(str()) }),
    field: str("a Likert dimension (universal.helpfulness) or safety, refusal, vs_reference, issue_tags"),
    level: { type: "string", enum: ["ordinal", "nominal"] },
    pairing: str("human_human, human_judge, judge_judge or rater_type:<type>"),
    verdict_pair: nullable(object({ judge: verdict, human: verdict })),
    total: int("items that form a unit of this figure"),
    offset: int(),
    items: arrayOf(object({
      item_id: uuid(), task_id: str(), system_under_test: str(),
      disagreement: num("ordinal: spread of the scores (human↔judge: the largest |human − judge|); nominal: distinct values, in the worst column"),
      columns_in_conflict: int("hazards or tags in conflict (0 or 1 for a single field)"),
      matching_pairs: int("verdict pair only: human × judge pairs with these verdicts"),
      ratings: arrayOf(object({ eval_id: uuid(), rater_type: str(), rater: str("the rater's name, the judge's model, or visitor <id>"), submitted_at: dateTime(), values: { type: "object", additionalProperties: { type: ["string", "number"] } } })),
    }, { optional: ["matching_pairs"] })),
  }),
  SuiteItemRatings: object({
    suite: object({ id: uuid(), key: str(), name: str() }),
    item: object({ item_id: uuid(), task_id: str(), system_under_test: str(), is_gold: { type: "boolean" }, body: { type: "object", description: "the item (schemas/item.schema.json)" } }),
    ratings: arrayOf(object({ eval_id: uuid(), rater_type: str(), rater: str(), submitted_at: dateTime(), flow: str("the suite flow that counted it"), derived_from: nullable(uuid()), record: { type: "object", description: "the AIF record" } })),
    fields: arrayOf(object({ pointer: str("JSON Pointer of a judged field"), kind: { type: "string", enum: ["value", "text"], description: "text: free text (rationale, evidence, notes)" }, values: arrayOf(scalar), differs: { type: "boolean" } })),
  }),
  SuiteSummary: object(suiteSummary),
  SuiteDetail: object({
    ...suiteSummary,
    raters: arrayOf(object({ user_id: str(), name: str(), email: str(), submitted: int(), held: int(), skipped: int(), last_submitted_at: nullable(dateTime()) })),
    skipped_items: arrayOf(object({
      item_id: uuid(), task_id: str(), skipped: int(), reasons: { type: "object", description: "skips per reason" }, comments: arrayOf(str()),
      every_rater_skipped: { type: "boolean", description: "every rater of the suite skipped it: the admin decides" },
    })),
  }),
  ShareLink: object({ id: uuid(), label: str(), created_at: dateTime(), revoked_at: nullable(dateTime()), ratings: int() }),
  SuiteReport: object({
    suite: { type: "object" }, computed: { type: "object" }, likert: { type: "array" }, nominal: { type: "array" },
    judge_trust: { type: "array" }, hazard_confusion: {}, judge_verdict: {}, calibration: { type: "object" },
    agent: { type: "array" }, sme_changes: { type: "array" }, slice: { type: "object" }, slice_options: { type: "object" },
  }, { description: "The numbers the quality report page shows: Krippendorff's alpha with ci_low/ci_high per dimension and pairing, judge trust, hazard confusion, agent pass@k, gold calibration with drift series and the error at each confidence level (calibration.confidence), SME changes, and the slice options. More keys may be present (ratings, items, distributions, judge_human_grids, likert_level)." }),
  ReviewSummary: object({
    open: int(), reviewed: int(),
    fields: arrayOf(object({ path: str(), accepted: int(), edited: int(), added: int(), acceptance_rate: nullable(num()) })),
    likert: arrayOf(object({ dimension: str(), reviewed: int(), changed: int(), mean_absolute_change: nullable(num()) })),
    hazards: arrayOf(object({ hazard: str(), missed: int(), over_called: int() })),
  }),
};

export const suitesArea: Area = {
  tag: { name: "Suites", description: "Items gathered for rating with an overlap k, a gold share, a hold time and a list of raters." },
  schemas,
  operations: [
    { method: "get", path: "/api/suites", id: "listSuites", access: "suites.manage", summary: "Every suite with progress", responses: { 200: jsonAnswer("The suites.", object({ suites: arrayOf(ref("SuiteSummary")) })) } },
    {
      method: "post", path: "/api/suites", id: "createSuite", access: "suites.manage",
      summary: "Create a suite from imported items",
      description: "At least one import or a source suite id (task.suite_id of imported items) is needed.",
      body: jsonBody(fromZod(NewSuiteInput)),
      responses: { 201: jsonAnswer("Created.", ref("SuiteSummary"), { Location: header("/api/suites/{id}") }) },
      errors: [400, 422],
    },
    { method: "get", path: "/api/suites/{suiteId}", id: "getSuite", access: "suites.manage", summary: "A suite with progress and skips per rater, and the items raters skipped", responses: { 200: jsonAnswer("The suite.", ref("SuiteDetail")) }, errors: [404] },
    { method: "patch", path: "/api/suites/{suiteId}", id: "updateSuite", access: "suites.manage", summary: "Set the guidelines the suite's raters read beside the form", body: jsonBody(fromZod(SuitePatchInput)), responses: { 200: jsonAnswer("Saved.", object({ guidelines: str() })) }, errors: [400, 404, 422] },
    { method: "get", path: "/api/suites/{suiteId}/share-links", id: "listShareLinks", access: "suites.manage", summary: "The suite's share links", responses: { 200: jsonAnswer("The links.", object({ share_links: arrayOf(ref("ShareLink")) })) }, errors: [404] },
    {
      method: "post", path: "/api/suites/{suiteId}/share-links", id: "createShareLink", access: "suites.manage",
      summary: "Create a share link",
      description: "The answer carries the link's path, shown this once.",
      body: jsonBody(fromZod(NewShareLinkInput)),
      responses: { 201: jsonAnswer("Created.", object({ id: uuid(), share_path: str("/share/{token}") })) },
      errors: [400, 404, 422],
    },
    { method: "delete", path: "/api/share-links/{linkId}", id: "revokeShareLink", access: "suites.manage", summary: "Revoke a share link", responses: { 204: noContent("Revoked; its visitors can no longer rate.") }, errors: [404] },
    {
      method: "get", path: "/api/suites/{suiteId}/report", id: "getSuiteReport", access: "suites.manage",
      summary: "The suite's quality report as JSON",
      query: [
        queryParameter("system_under_test", "only items of this system under test", { type: "string" }),
        queryParameter("modality", "only items of this modality", { type: "string", enum: [...MODALITIES] }),
        queryParameter("tag", "only items with this tag, as key=value", { type: "string" }),
        queryParameter("level", "interval: Likert alpha at the interval level (default ordinal)", { type: "string", enum: ["interval"] }),
      ],
      responses: { 200: jsonAnswer("The report.", ref("SuiteReport")) },
      errors: [404],
    },
    {
      method: "get", path: "/api/suites/{suiteId}/report/items", id: "getReportDrillDown", access: "suites.manage",
      summary: "The items behind one figure of the quality report, worst disagreement first",
      query: [
        queryParameter("field", "a Likert dimension (universal.helpfulness) or safety, refusal, vs_reference, issue_tags", { type: "string" }, true),
        queryParameter("pairing", "human_human, human_judge, judge_judge or rater_type:<human|sme|hybrid|llm_judge|end_user>", { type: "string" }, true),
        queryParameter("judge", "with human: the judge's verdict of a hazard-confusion cell (field=safety, pairing=human_judge)", verdict),
        queryParameter("human", "with judge: the human verdict of a hazard-confusion cell", verdict),
        queryParameter("limit", "items per page (default 50, at most 200)", { type: "integer", minimum: 1, maximum: 200 }),
        queryParameter("offset", "items to skip", { type: "integer", minimum: 0 }),
        ...sliceQuery,
      ],
      responses: { 200: jsonAnswer("The items, worst first.", ref("ReportDrillDown")) },
      errors: [404, 422],
    },
    {
      method: "get", path: "/api/suites/{suiteId}/items/{itemId}", id: "getSuiteItemRatings", access: "suites.manage",
      summary: "One item with every rating the suite counts for it, field by field",
      responses: { 200: jsonAnswer("The item, its ratings and the compared fields.", ref("SuiteItemRatings")) },
      errors: [404],
    },
    { method: "get", path: "/api/suites/{suiteId}/review-summary", id: "getReviewSummary", access: "suites.manage", summary: "How SMEs treated the judge's values", responses: { 200: jsonAnswer("The summary.", ref("ReviewSummary")) }, errors: [404] },
  ],
};
