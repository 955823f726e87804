// A correction starts as a copy of the record it corrects, minus the fields the
// server assigns, with derived_from naming the original.
import "server-only";
import { SERVER_ASSIGNED_FIELDS } from "@/lib/aif/server-fields";
import { getRecord } from "./service";

export async function draftCorrectingRecord(options: { evalId: string }): Promise<Record<string, unknown>> {
  const { body } = await getRecord({ evalId: options.evalId });
  const draft: Record<string, unknown> = { ...body, derived_from: body.eval_id };
  for (const field of SERVER_ASSIGNED_FIELDS) delete draft[field];
  return draft;
}
