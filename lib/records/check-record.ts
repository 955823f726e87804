// A dry run of the contract for API users: the same verdict the CLI's
// `validate` and every store path give, without storing anything.
import type { ValidationIssue } from "@/lib/aif/types";
import { validateRecord } from "@/lib/aif/validate";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { isPlainObject } from "@/lib/is-plain-object";

export function checkRecord(options: { actor: Actor; record: unknown }): ValidationIssue[] {
  authorize(options.actor, "records.read_own");
  if (!isPlainObject(options.record))
    return [{ path: "", rule: "type", message: "must be a JSON object (an AIF record)" }];
  return validateRecord(options.record);
}
