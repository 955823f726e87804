// Suites: created from imports, their progress, share links, quality report
// and review summary (admin). Most operations are route contracts
// (app/api/suites/**, app/api/share-links/**); the report's drill-down (new,
// its query read by lib/analytics/drill-down.ts) is still described here.
import { arrayOf, dateTime, int, nullable, num, object, ref, str, uuid } from "../json-schema";
import { jsonAnswer, queryParameter, type Area } from "../operation";

const sliceQuery = [
  queryParameter("system_under_test", "only items of this system under test", { type: "string" }),
  queryParameter("modality", "only items of this modality", { type: "string", enum: ["chat", "agent", "rag", "multimodal"] }),
  queryParameter("tag", "only items with this tag, as key=value", { type: "string" }),
];
const verdict = { type: "string", enum: ["not_applicable", "non_violating", "violating", "unsure"] };

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
};

export const suitesArea: Area = {
  tag: { name: "Suites", description: "Items gathered for rating with an overlap k, a gold share, a hold time and a list of raters." },
  schemas,
  operations: [
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
  ],
};
