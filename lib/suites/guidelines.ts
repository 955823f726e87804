// A suite's settings an admin changes after creating it: the guidelines
// (markdown source, read by the suite's raters beside the form, stored as text
// and always shown as text) and the adjudication rule (lib/adjudication/rule.ts).
import "server-only";
import type { AdjudicationRule } from "@/lib/adjudication/rule";
import { parseAdjudicationRule } from "@/lib/adjudication/suite-verdicts";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { SuitePatchInput } from "./validation";

export type SuiteSettings = { guidelines: string; adjudicationRule: AdjudicationRule };

export async function updateSuiteSettings(options: {
  actor: Actor;
  suiteId: string;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<SuiteSettings> {
  authorize(options.actor, "suites.manage");
  const input = parseInput(SuitePatchInput, options.input, "The suite change is not valid");
  if (!isUuid(options.suiteId)) throw new AppError("NOT_FOUND", "No suite with this id");
  return db().$transaction(async (tx) => {
    const current = await tx.suite.findUnique({
      where: { id: options.suiteId },
      select: { guidelines: true, adjudicationRule: true },
    });
    if (!current) throw new AppError("NOT_FOUND", "No suite with this id");
    const change = input.adjudication_rule ?? {};
    const rule: AdjudicationRule = { ...parseAdjudicationRule(current.adjudicationRule) };
    if (change.likert_spread !== undefined) rule.likertSpread = change.likert_spread;
    if (change.hazard_conflict !== undefined) rule.hazardConflict = change.hazard_conflict;
    if (change.refusal_conflict !== undefined) rule.refusalConflict = change.refusal_conflict;
    if (change.judge_conflict !== undefined) rule.judgeConflict = change.judge_conflict;
    if (change.min_ratings !== undefined) rule.minRatings = change.min_ratings;
    const guidelines = input.guidelines ?? current.guidelines;
    await tx.suite.update({
      where: { id: options.suiteId },
      data: { guidelines, adjudicationRule: rule as unknown as Prisma.InputJsonObject },
    });
    const details = {
      ...(input.guidelines !== undefined ? { guidelines_chars: guidelines.length } : {}),
      ...(input.adjudication_rule ? { adjudication_rule: rule } : {}),
    };
    await recordAuditEvent({
      action: "suite.updated",
      actorId: options.actor.userId,
      subject: options.suiteId,
      origin: options.origin,
      details,
      client: tx,
    });
    return { guidelines, adjudicationRule: rule };
  });
}

/** The guidelines of a suite whose assignment the caller was already shown (the rating page checked it). */
export async function guidelinesOfSuite(suiteId: string): Promise<string> {
  if (!isUuid(suiteId)) return "";
  const suite = await db().suite.findUnique({ where: { id: suiteId }, select: { guidelines: true } });
  return suite?.guidelines ?? "";
}
