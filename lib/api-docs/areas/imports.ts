// Item imports: create an import, stream its JSONL file, decide on refused
// lines, read the per-line report.
import { IMPORT_FORMAT_IDS, IMPORT_FORMATS } from "@/lib/imports/formats";
import { ITEM_IMPORT_STATUSES } from "@/lib/statuses";
import { NewImportInput } from "@/lib/imports/validation";
import { arrayOf, dateTime, fromZod, int, nullable, object, ref, str, uuid } from "../json-schema";
import { COMMIT_POLICIES, policiesFor, type CommitPolicy, type ImportKind } from "@/lib/imports/commit-policy";
import { header, jsonAnswer, jsonBody, ndjson, queryParameter, type Area } from "../operation";

/** `?policy=` of an import: the policies its kind offers (lib/imports/commit-policy.ts). */
export function policyParameter(kind: ImportKind, fallback: CommitPolicy) {
  const offered = policiesFor(kind);
  const described = COMMIT_POLICIES.filter((policy) => offered.includes(policy.id))
    .map((policy) => `${policy.id}: ${policy.description}`)
    .join("; ");
  return queryParameter(
    "policy",
    `What to store when some entries are refused (${described}). A file with no refusal is stored under every policy.`,
    { type: "string", enum: offered, default: fallback },
  );
}

/** "a, b, or c" */
const listInWords = (words: string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")}, or ${words.at(-1)}`;

const summary = {
  id: uuid(),
  format: { type: "string", enum: [...IMPORT_FORMAT_IDS] },
  file_name: nullable(str()),
  status: {
    type: "string",
    enum: [...ITEM_IMPORT_STATUSES, "interrupted"],
    description:
      "refused: every line was refused, nothing to decide; interrupted: still reading, but the server reading the file stopped (no heartbeat for 30 s); nothing of it was imported",
  },
  bytes_read: int(),
  lines_read: int(),
  accepted: int(),
  refused: int(),
  already_present: nullable(int("lines whose item an earlier import brought in (skipped)")),
  imported: nullable(int()),
  failure: nullable(str()),
  created_at: dateTime(),
  finished_at: nullable(dateTime()),
};

const schemas = {
  ImportSummary: object(summary),
  ImportReport: object({
    ...summary,
    errors: arrayOf(object({ line: int(), rule: str(), field: str("JSON Pointer into the line"), message: str() })),
    notes: arrayOf(object({ line: int(), field: str(), message: str() }), "variants of the spec that were accepted"),
    errors_omitted: int(),
    notes_omitted: int(),
  }),
};

export const importsArea: Area = {
  tag: {
    name: "Item imports",
    description: `Items to rate come in as JSONL files: ${listInWords(IMPORT_FORMATS.map((format) => format.description))}. Each line is checked on its own.`,
  },
  schemas,
  operations: [
    {
      method: "get",
      path: "/api/imports",
      id: "listImports",
      access: "items.import",
      summary: "Recent imports",
      responses: { 200: jsonAnswer("Newest first.", object({ imports: arrayOf(ref("ImportSummary")) })) },
    },
    {
      method: "post",
      path: "/api/imports",
      id: "createImport",
      access: "items.import",
      summary: "Start an import",
      description: "Then send its file with PUT /api/imports/{importId}/file.",
      body: jsonBody(fromZod(NewImportInput)),
      responses: { 201: jsonAnswer("Created.", ref("ImportSummary"), { Location: header("/api/imports/{id}") }) },
      errors: [400, 422],
    },
    {
      method: "get",
      path: "/api/imports/{importId}",
      id: "getImport",
      access: "items.import",
      summary: "An import's status and counts (poll it for progress)",
      responses: { 200: jsonAnswer("The import.", ref("ImportSummary")) },
      errors: [404],
    },
    {
      method: "put",
      path: "/api/imports/{importId}/file",
      id: "uploadImportFile",
      access: "items.import",
      summary: "Send the import's file (streamed)",
      description:
        "Answers when the file is read: committed when every line was accepted; otherwise the policy decides (stage: awaiting_decision and nothing is imported yet; store_valid: the valid lines are committed; all_or_nothing: discarded). Native item lines follow NativeItem; EEE and gage lines follow their own specifications.",
      query: [policyParameter("items", "stage")],
      body: {
        required: true,
        content: {
          "application/x-ndjson": ndjson(
            ref("NativeItem"),
            "The file as it is, for format=items one NativeItem per line.",
          ),
        },
      },
      responses: { 200: jsonAnswer("The file was read.", ref("ImportSummary")) },
      errors: [400, 404, 409, 413, 422],
    },
    {
      method: "post",
      path: "/api/imports/{importId}/decision",
      id: "decideImport",
      access: "items.import",
      summary: "Import the valid lines, or discard the import",
      description: "For an import awaiting a decision. Items an earlier import brought in are skipped and counted.",
      body: jsonBody(object({ decision: { type: "string", enum: ["import_valid_lines", "discard"] } })),
      responses: { 200: jsonAnswer("Decided.", ref("ImportSummary")) },
      errors: [400, 404, 409, 422],
    },
    {
      method: "get",
      path: "/api/imports/{importId}/report",
      id: "getImportReport",
      access: "items.import",
      summary: "The per-line report, as a download",
      responses: { 200: jsonAnswer("The report (Content-Disposition: attachment).", ref("ImportReport")) },
      errors: [404],
    },
  ],
};
