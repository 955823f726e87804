// Inviting many people from one pasted list or CSV: each line is invited on
// its own (lib/users/service.ts's inviteUser, audited one by one), so one bad
// line never stops the others, and every line gets its own result.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { isRole, type Role } from "@/lib/auth/permissions";
import type { RequestOrigin } from "@/lib/audit/service";
import { AppError } from "@/lib/errors";
import { parseInvitationList } from "./invitation-list";
import { inviteUser } from "./service";

export type BulkInvitationResult =
  | { line: number; email: string; status: "invited"; roles: Role[]; token: string; expiresAt: Date }
  | { line: number; email: string | null; status: "refused"; reason: string };

export async function inviteUsersFromList(options: {
  actor: Actor;
  list: unknown;
  defaultRoles: unknown;
  origin?: RequestOrigin;
}): Promise<BulkInvitationResult[]> {
  authorize(options.actor, "users.manage");
  const defaults = options.defaultRoles ?? [];
  if (!Array.isArray(defaults) || !defaults.every(isRole)) {
    throw new AppError("INVALID_INPUT", "The default roles are not valid", [
      { path: "/roles", rule: "enum", message: "Roles are rater, sme and admin" },
    ]);
  }
  const entries = parseInvitationList(typeof options.list === "string" ? options.list : "", [...new Set(defaults)]);
  if (entries.length === 0) {
    throw new AppError("INVALID_INPUT", "The list has no email address", [
      { path: "/list", rule: "minLength", message: "Paste at least one email address" },
    ]);
  }
  const results: BulkInvitationResult[] = [];
  // One after the other: each takes the per-email lock inviteUser holds.
  for (const entry of entries) {
    if ("refused" in entry) {
      results.push({ line: entry.line, email: entry.email, status: "refused", reason: entry.refused });
      continue;
    }
    try {
      const invitation = await inviteUser({
        actor: options.actor,
        email: entry.email,
        roles: entry.roles,
        origin: options.origin,
      });
      results.push({
        line: entry.line,
        email: invitation.email,
        status: "invited",
        roles: invitation.roles,
        token: invitation.token,
        expiresAt: invitation.expiresAt,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.code === "FORBIDDEN") throw error;
      results.push({
        line: entry.line,
        email: entry.email,
        status: "refused",
        reason: error.issues[0]?.message ?? error.message,
      });
    }
  }
  return results;
}
