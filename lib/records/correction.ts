// A correction starts as a copy of the record it corrects, minus the fields the
// server assigns, with derived_from naming the original.
import "server-only";
import { SERVER_ASSIGNED_FIELDS } from "@/lib/aif/server-fields";
import type { Actor } from "@/lib/auth/actor";
import { getRecord } from "./read-records";

export type CorrectionDraft =
  | { draft: Record<string, unknown>; withheld: null }
  /** One's own pairwise record of an open suite: its subject is withheld (withheld.ts), so no draft can keep it. */
  | { draft: null; withheld: string[] };

/** The rater block is the corrector's, not the original rater's. */
export async function draftCorrectingRecord(options: { actor: Actor; evalId: string }): Promise<CorrectionDraft> {
  const { body, withheld } = await getRecord({ actor: options.actor, evalId: options.evalId });
  if (withheld.length > 0) return { draft: null, withheld };
  const { rater: _originalRater, ...rest } = body;
  const draft: Record<string, unknown> = { ...rest, derived_from: body.eval_id };
  for (const field of SERVER_ASSIGNED_FIELDS) delete draft[field];
  return { draft, withheld: null };
}
