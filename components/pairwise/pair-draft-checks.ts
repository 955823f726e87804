// The pair page's draft before it is sent: its shape read from what was saved,
// what the rater has not done yet (in page order), and the responses as the
// submit sends them. In a verdict-only suite the rubric is optional: a cell
// left empty is left out (the server marks it not rated), a cell with a score
// is checked as on any suite, and a rationale with no score is named, never
// dropped.
import { isRationaleRequired } from "@/lib/aif/contract";
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { readablePath } from "@/lib/aif/field-labels";
import { prepareDraft } from "@/lib/aif/prepare-draft";
import type { ValidationIssue } from "@/lib/aif/types";
import type { Universal } from "./pair-rubric-grid";

export type PairDraft = {
  preference?: string | null;
  rationale?: string;
  responses?: [Record<string, unknown>, Record<string, unknown>];
};

export const objectOr = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function pairDraftOf(draft: Record<string, unknown> | null | undefined): PairDraft {
  const responses = Array.isArray(draft?.responses) ? draft.responses : [];
  return {
    preference: typeof draft?.preference === "string" ? draft.preference : null,
    rationale: typeof draft?.rationale === "string" ? draft.rationale : "",
    responses: [objectOr(responses[0]), objectOr(responses[1])],
  };
}

/** What the rater has not done yet, in page order, before anything is sent. */
export function missingOf(draft: PairDraft, verdictOnly: boolean): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!draft.preference)
    issues.push({ path: "/preference", rule: "required", message: "Choose which response is better" });
  if (!draft.rationale?.trim()) issues.push({ path: "/rationale", rule: "required", message: "Say why" });
  for (const [index, response] of (draft.responses ?? []).entries()) {
    const universal = objectOr(response.universal) as Universal;
    for (const dimension of UNIVERSAL_DIMENSIONS) {
      const likert = universal[dimension] ?? {};
      const path = `/responses/${index}/universal/${dimension}`;
      if (likert.score === undefined) {
        if (!verdictOnly) issues.push({ path, rule: "required", message: "Give a score" });
        else if (likert.rationale?.trim())
          issues.push({ path, rule: "required", message: "Give a score for this rationale, or delete it" });
      } else if (isRationaleRequired(likert) && !likert.rationale?.trim())
        issues.push({
          path: `${path}/rationale`,
          rule: "rationaleRequired",
          message: "A rationale is required for a score of 3 or lower, or a confidence below High",
        });
    }
  }
  return issues;
}

/** The responses as the submit sends them: prepared as a form's draft, without the cells a verdict-only rater left unscored. */
export function responsesToSend(
  draft: PairDraft,
  verdictOnly: boolean,
): [Record<string, unknown>, Record<string, unknown>] {
  return draft.responses!.map((response) => {
    const prepared = prepareDraft(response) as Record<string, unknown>;
    delete prepared.task;
    if (!verdictOnly) return prepared;
    const universal = Object.fromEntries(
      Object.entries(objectOr(prepared.universal)).filter(([, likert]) => objectOr(likert).score !== undefined),
    );
    const { universal: _all, ...rest } = prepared;
    return Object.keys(universal).length > 0 ? { ...rest, universal } : rest;
  }) as [Record<string, unknown>, Record<string, unknown>];
}

/** A problem's place as the rater reads it. */
export function issueLabel(path: string): string {
  const match = /^\/responses\/(\d)(\/.*)?$/.exec(path);
  if (!match) return path === "/preference" ? "Your preference" : path === "/rationale" ? "Why" : readablePath(path);
  return `Response ${Number(match[1]) + 1}: ${readablePath(match[2] ?? "")}`;
}

/** The draft holds a score for some cell: the folded rubric of a verdict-only suite starts open. */
export function hasAnyScore(draft: PairDraft): boolean {
  return (draft.responses ?? []).some((response) =>
    Object.values(objectOr(response.universal)).some((likert) => objectOr(likert).score !== undefined),
  );
}
