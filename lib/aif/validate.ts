// Validation entry points shared by browser, server and CLI.
import { contractErrors, recordErrors } from "./contract";
import { issuesForProfile } from "./end-user-profile";
import { toValidationIssues } from "./issues";
import type { ValidationIssue } from "./types";

/**
 * Issues of a complete record against the verbatim schema plus the companion
 * rules, less the rules its rater's profile does not ask for (end users: no rationale).
 */
export function validateRecord(record: unknown): ValidationIssue[] {
  return issuesForProfile(record, toValidationIssues(recordErrors(record)));
}

/** Issues against the verbatim AIF schema alone (what every export must pass). */
export function validateAgainstContract(record: unknown): ValidationIssue[] {
  return toValidationIssues(contractErrors(record));
}
