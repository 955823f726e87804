// Validates a draft exactly as the server will validate the record made from
// it: completed with placeholder server fields, which are then not reported.
import { completeRecord, SERVER_ASSIGNED_FIELDS } from "./server-fields";
import type { AifDraft, ValidationIssue } from "./types";
import { validateRecord } from "./validate";

const PLACEHOLDER_EVAL_ID = "00000000-0000-4000-8000-000000000000";
const ASSIGNED_PATHS = new Set(SERVER_ASSIGNED_FIELDS.map((field) => `/${field}`));

export function validateDraft(draft: AifDraft): ValidationIssue[] {
  const record = completeRecord(draft, { evalId: PLACEHOLDER_EVAL_ID, createdAt: new Date() });
  return validateRecord(record).filter((issue) => !ASSIGNED_PATHS.has(issue.path));
}
