// The three fields a rater never types: fixed schema version, server-assigned
// eval_id and created_at. One function completes a draft into a record, so the
// browser can pre-validate exactly what the server will store.
import { AIF_SCHEMA_VERSION } from "./contract";
import type { AifDraft, AifRecord, ValidationIssue } from "./types";

export const SERVER_ASSIGNED_FIELDS = ["schema_version", "eval_id", "created_at"] as const;

export function completeRecord(draft: AifDraft, assigned: { evalId: string; createdAt: Date }): AifRecord {
  return {
    schema_version: AIF_SCHEMA_VERSION,
    eval_id: assigned.evalId,
    created_at: assigned.createdAt.toISOString(),
    ...draft,
  };
}

/** Issues for a draft that tries to set what only the server may set. */
export function serverAssignedFieldIssues(draft: Record<string, unknown>): ValidationIssue[] {
  return SERVER_ASSIGNED_FIELDS.filter((field) => field in draft).map((field) => ({
    path: `/${field}`,
    rule: "serverAssigned",
    message: `${field} is assigned by the server and must not be sent`,
  }));
}
