// Records: submit, list (with the record filter), read, provenance, and the
// validate and import routes for complete AIF records.
import { BOOLEAN_FLAG_VALUES } from "@/lib/imports/query-flag";
import { policyParameter } from "./imports";
import { RATER_TYPES as RATER_TYPE_NAMES } from "@/lib/aif/contract-facts";
import { arrayOf, bool, dateTime, int, nullable, object, ref, str, uuid } from "../json-schema";
import { header, headerParameter, jsonAnswer, jsonBody, queryParameter, recordsUpload, type Area } from "../operation";
import { recordFilterParameters } from "../record-filter-parameters";

const RATER_TYPES = { type: "string", enum: [...RATER_TYPE_NAMES] };

const schemas = {
  RecordSummary: object({
    eval_id: uuid(), created_at: dateTime(), rater_type: RATER_TYPES, rater_id: nullable(str()),
    task_id: str(), suite_id: nullable(str()), derived_from: nullable(uuid()),
  }, { description: "The indexed columns of a stored record." }),
  RecordPage: object({
    records: arrayOf(ref("RecordSummary")),
    next_cursor: nullable(str("pass as `cursor` for the next (older) page; null on the last page")),
  }),
  SubmittedRecord: object({ eval_id: uuid(), record: ref("AifRecord") }),
  ChainLink: object({ eval_id: uuid(), rater_type: RATER_TYPES, rater_id: nullable(str()), created_at: dateTime(), derived_from: nullable(uuid()), depth: int() }),
  Provenance: object({
    ancestors: arrayOf(ref("ChainLink"), "oldest first, ending with the record's parent"),
    descendants: arrayOf(ref("ChainLink"), "breadth first; depth 1 derives from the record itself"),
    hidden: int("chain links that exist but you may not see"),
    decisions: arrayOf(object({
      path: str("JSON Pointer of the judged field"),
      decision: { type: "string", enum: ["accepted", "edited", "added"] },
      judge_value: { description: "the judge's value (any JSON)" },
      final_value: { description: "the value in the hybrid record (any JSON)" },
    }), "for a hybrid record: the SME's decision on each field the judge filled"),
  }),
  ValidationReport: object({ valid: bool(), errors: arrayOf(ref("ValidationIssue")) }),
  RecordImportReport: object({
    format: { type: "string", enum: ["jsonl", "json"] },
    records_read: int(), imported: int("newly stored (0 when nothing was stored)"),
    already_present: int("identical records already stored, or repeated in the file"), refused: int(),
    stored: bool("false when a refusal (without store_valid) or a dangling derived_from rolled everything back"),
    errors: arrayOf(object({ line: int("line (JSONL) or position (JSON array)"), path: str("JSON Pointer into that record"), rule: str(), message: str() })),
  }),
};

export const recordsArea: Area = {
  tag: { name: "Records", description: "AIF records: submitted, listed, read and checked. Stored records never change; a correction is a new record whose derived_from names the original." },
  schemas,
  operations: [
    {
      method: "post", path: "/api/records", id: "submitRecord", access: "records.submit",
      summary: "Submit a rating as a new record",
      description: "The server assigns schema_version, eval_id and created_at and takes the rater block from the caller; the record must pass the AIF schema and its companion rules, or nothing is stored.",
      query: [queryParameter("as", "rate as `sme` or as `rater` (default: rater when you hold that role, else sme)", { type: "string", enum: ["rater", "sme"] })],
      headers: [
        headerParameter(
          "Idempotency-Key",
          "makes a retry safe (draft-ietf-httpapi-idempotency-key-header): a key is yours alone; sent again with the same body and `as`, it answers with the record its first request stored (201, same eval_id, `Idempotent-Replayed: true`), stored once even when the retries race. The same key with a different request: 422 on `/headers/Idempotency-Key`, rule `idempotencyKeyReused`; an empty or longer key: 422, rule `idempotencyKeyFormat`. A quoted key (`\"…\"`) is read without its quotes.",
          { type: "string", minLength: 1, maxLength: 255 },
        ),
      ],
      body: jsonBody(ref("AifDraft")),
      responses: {
        201: jsonAnswer("Stored, or (with an Idempotency-Key sent before) the record stored then.", ref("SubmittedRecord"), {
          Location: header("/api/records/{eval_id}"),
          "Idempotent-Replayed": header("`true` when this answer replays an earlier request with the same Idempotency-Key", { type: "string", enum: ["true"] }),
        }),
      },
      errors: [400, 422],
    },
    {
      method: "get", path: "/api/records", id: "listRecords", access: "records.read_own",
      summary: "List records, newest first",
      description: "Your records (admins: everybody's; SMEs also the judge records of the suites they review), filtered, in keyset pages.",
      query: [
        ...recordFilterParameters(),
        queryParameter("cursor", "next_cursor of the previous page", { type: "string" }),
        queryParameter("limit", "records per page", { type: "integer", minimum: 1, maximum: 200, default: 50 }),
      ],
      responses: { 200: jsonAnswer("A page of records.", ref("RecordPage")) },
      errors: [400, 422],
    },
    {
      method: "get", path: "/api/records/{evalId}", id: "getRecord", access: "records.read_own",
      summary: "Read a record exactly as stored",
      responses: { 200: jsonAnswer("The record.", ref("AifRecord")) },
      errors: [404],
    },
    {
      method: "get", path: "/api/records/{evalId}/provenance", id: "getRecordProvenance", access: "records.read_own",
      summary: "The chain around a record",
      description: "What the record derives from, what derives from it, and for a hybrid record the SME's decision on each of the judge's fields.",
      responses: { 200: jsonAnswer("The provenance.", ref("Provenance")) },
      errors: [404],
    },
    {
      method: "post", path: "/api/records/validate", id: "validateRecord", access: "records.read_own",
      summary: "Check a complete record without storing it",
      description: "Checks the AIF schema and its companion rules (AifRecordWithRules) and answers with every issue, as the CLI's validate does; nothing is stored.",
      body: jsonBody(ref("AifRecord")),
      responses: { 200: jsonAnswer("The verdict (also when the record is not valid).", ref("ValidationReport")) },
      errors: [400],
    },
    {
      method: "post", path: "/api/records/import", id: "importRecords", access: "records.import",
      summary: "Import complete AIF records (e.g. an export)",
      description: "Streamed. Each record keeps its eval_id, created_at and body, so importing an export reproduces it and importing it again changes nothing. When any record is refused and store_valid is not true, nothing is stored and the answer is 422 with the report.",
      query: [
        policyParameter("records", "all_or_nothing"),
        queryParameter("store_valid", "the older spelling of policy: 1 or true is store_valid, 0 or false all_or_nothing (another value answers 422)", { type: "string", enum: [...BOOLEAN_FLAG_VALUES] }),
      ],
      body: recordsUpload(ref("AifRecordWithRules"), "A JSON array, a single record, or JSON Lines (application/x-ndjson) of complete records."),
      responses: {
        200: jsonAnswer("Imported.", ref("RecordImportReport")),
        422: jsonAnswer("Nothing was stored: `errors` lists each refused record's line, and `report` is the whole report.", {
          allOf: [ref("Error"), object({ report: ref("RecordImportReport") })],
        }),
      },
      errors: [400, 413],
    },
  ],
};
