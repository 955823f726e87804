// Records: the import of complete AIF records (the other record routes are
// route contracts: app/api/records/**).
import { BOOLEAN_FLAG_VALUES } from "@/lib/imports/query-flag";
import { policyParameter } from "./imports";
import { arrayOf, bool, int, object, ref, str } from "../json-schema";
import { header, jsonAnswer, queryParameter, recordsUpload, type Area } from "../operation";

const schemas = {
  RecordImportReport: object({
    format: { type: "string", enum: ["jsonl", "json"] },
    records_read: int(),
    imported: int("newly stored (0 when nothing was stored)"),
    already_present: int("identical records already stored, or repeated in the file"),
    refused: int(),
    stored: bool("false when a refusal (without store_valid) or a dangling derived_from rolled everything back"),
    errors: arrayOf(
      object({
        line: int("line (JSONL) or position (JSON array)"),
        path: str("JSON Pointer into that record"),
        rule: str(),
        message: str(),
      }),
    ),
  }),
};

export const recordsArea: Area = {
  tag: {
    name: "Records",
    description:
      "AIF records: submitted, listed, read and checked. Stored records never change; a correction is a new record whose derived_from names the original.",
  },
  schemas,
  operations: [
    {
      method: "post",
      path: "/api/records/import",
      id: "importRecords",
      access: "records.import",
      summary: "Import complete AIF records (e.g. an export)",
      description:
        "Streamed. Each record keeps its eval_id, created_at and body, so importing an export reproduces it and importing it again changes nothing. When any record is refused under all_or_nothing, nothing is stored and the answer is 422 with the report. policy=stage answers 201 with a staged import (see Item imports): nothing is stored until the admin decides, when a record was refused.",
      query: [
        policyParameter("records", "all_or_nothing"),
        queryParameter(
          "store_valid",
          "the older spelling of policy: 1 or true is store_valid, 0 or false all_or_nothing (another value answers 422)",
          { type: "string", enum: [...BOOLEAN_FLAG_VALUES] },
        ),
        queryParameter("file_name", "policy=stage: shown in the import's listing", { type: "string" }),
      ],
      body: recordsUpload(
        ref("AifRecordWithRules"),
        "A JSON array, a single record, or JSON Lines (application/x-ndjson) of complete records.",
      ),
      responses: {
        200: jsonAnswer("Imported.", ref("RecordImportReport")),
        201: jsonAnswer("policy=stage: the staged import.", ref("ImportSummary"), {
          Location: header("/api/imports/{id}"),
        }),
        422: jsonAnswer(
          "Nothing was stored: `errors` lists each refused record's line, and `report` is the whole report.",
          {
            allOf: [ref("Error"), object({ report: ref("RecordImportReport") })],
          },
        ),
      },
      errors: [400, 413],
    },
  ],
};
