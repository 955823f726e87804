// What the form holds → what is sent: server-assigned fields removed, the
// safety roll-up computed, empty optional values pruned.
import { withSafetyRollup } from "./safety-rollup";
import { pruneDraft } from "./prune-draft";
import { SERVER_ASSIGNED_FIELDS } from "./server-fields";
import type { AifDraft } from "./types";

export function prepareDraft(formData: Record<string, unknown>): AifDraft {
  const withoutAssigned = { ...formData };
  for (const field of SERVER_ASSIGNED_FIELDS) delete withoutAssigned[field];
  return pruneDraft(withSafetyRollup(withoutAssigned)) as AifDraft;
}
