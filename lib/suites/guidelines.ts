// A suite's guidelines: written by the admin (markdown source), read by the
// suite's raters beside the form. Stored as text and always shown as text.
import "server-only";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { SuitePatchInput } from "./validation";


export async function updateSuiteGuidelines(options: { actor: Actor; suiteId: string; input: unknown; origin?: RequestOrigin }): Promise<{ guidelines: string }> {
  authorize(options.actor, "suites.manage");
  const input = parseInput(SuitePatchInput, options.input, "The suite change is not valid");
  if (!isUuid(options.suiteId)) throw new AppError("NOT_FOUND", "No suite with this id");
  return db().$transaction(async (tx) => {
    const updated = await tx.suite.updateMany({ where: { id: options.suiteId }, data: { guidelines: input.guidelines } });
    if (updated.count === 0) throw new AppError("NOT_FOUND", "No suite with this id");
    await recordAuditEvent({ action: "suite.updated", actorId: options.actor.userId, subject: options.suiteId, origin: options.origin, details: { guidelines_chars: input.guidelines.length }, client: tx });
    return { guidelines: input.guidelines };
  });
}

/** The guidelines of a suite whose assignment the caller was already shown (the rating page checked it). */
export async function guidelinesOfSuite(suiteId: string): Promise<string> {
  if (!isUuid(suiteId)) return "";
  const suite = await db().suite.findUnique({ where: { id: suiteId }, select: { guidelines: true } });
  return suite?.guidelines ?? "";
}
