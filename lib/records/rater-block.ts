// The record's rater block comes from the session, never from the body:
// rater.id is the acting user's id and rater.type follows from the flow.
import type { Actor } from "@/lib/auth/actor";
import type { AifDraft, ValidationIssue } from "@/lib/aif/types";

export type RatingRole = "rater" | "sme";

const RATER_TYPE_OF: Record<RatingRole, "human" | "sme"> = { rater: "human", sme: "sme" };

/** The role a user rates in: as asked, else rater if they hold it, else SME. */
export function ratingRoleFor(actor: Actor, requested?: RatingRole): RatingRole | null {
  if (requested) return actor.roles.includes(requested) ? requested : null;
  if (actor.roles.includes("rater")) return "rater";
  if (actor.roles.includes("sme")) return "sme";
  return null;
}

export function raterBlockFor(options: {
  actor: Actor;
  as?: RatingRole;
  requested: unknown;
}): { ok: true; block: AifDraft["rater"] } | { ok: false; issues: ValidationIssue[] } {
  const role = ratingRoleFor(options.actor, options.as);
  if (!role)
    return {
      ok: false,
      issues: [
        { path: "/rater/type", rule: "raterFromSession", message: `You do not hold the ${options.as ?? "rater"} role` },
      ],
    };
  const type = RATER_TYPE_OF[role];
  const requested =
    typeof options.requested === "object" && options.requested !== null
      ? (options.requested as Record<string, unknown>)
      : {};
  const issues: ValidationIssue[] = [];
  if (requested.id !== undefined && requested.id !== options.actor.userId) {
    issues.push({
      path: "/rater/id",
      rule: "raterFromSession",
      message: "rater.id is taken from your session and cannot name another rater",
    });
  }
  if (requested.type !== undefined && requested.type !== type) {
    issues.push({
      path: "/rater/type",
      rule: "raterFromSession",
      message: `rater.type is "${type}" for this rating; it cannot be set to ${JSON.stringify(requested.type)}`,
    });
  }
  if (issues.length > 0) return { ok: false, issues };
  // Only type and id: a person's record never carries model fields
  // (training_cohort, model, version, n_samples) a rater typed in.
  return { ok: true, block: { type, id: options.actor.userId } };
}
