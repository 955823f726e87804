// Invitations not yet accepted, for the users page: list them, resend one (a
// fresh link and expiry; the old link stops working) and revoke one (its link
// is refused from then on). Admins only, audited.
import "server-only";
import { randomBytes } from "node:crypto";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { knownRoles, type Role } from "@/lib/auth/permissions";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { hashInvitationToken, INVITATION_TTL_MS } from "./invitation-token";

export type PendingInvitation = {
  id: string;
  email: string;
  roles: Role[];
  invitedByName: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** Past its expiry: the link no longer works, a resend makes a new one. */
  expired: boolean;
};

const notFound = () => new AppError("NOT_FOUND", "No pending invitation with this id");

/** Every invitation not accepted yet, newest first, expired ones included (they can be resent). */
export async function listPendingInvitations(options: { actor: Actor }): Promise<PendingInvitation[]> {
  authorize(options.actor, "users.manage");
  const rows = await db().$queryRaw<
    { id: string; email: string; roles: string[]; invited_by_name: string | null; created_at: Date; expires_at: Date }[]
  >`
    SELECT i.id, i.email, i.roles, u.name AS invited_by_name, i.created_at, i.expires_at
    FROM invitation i LEFT JOIN app_user u ON u.id = i.invited_by_id
    WHERE i.accepted_at IS NULL ORDER BY i.created_at DESC, i.email`;
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    roles: knownRoles(row.roles),
    invitedByName: row.invited_by_name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    expired: row.expires_at.getTime() <= now,
  }));
}

/** A new link and a new expiry for a pending invitation; the old link is refused from now on. */
export async function resendInvitation(options: {
  actor: Actor;
  invitationId: string;
  origin?: RequestOrigin;
}): Promise<{ token: string; email: string; roles: Role[]; expiresAt: Date }> {
  authorize(options.actor, "users.manage");
  if (!isUuid(options.invitationId)) throw notFound();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  return db().$transaction(async (tx) => {
    const [before] = await tx.$queryRaw<{ email: string; roles: string[]; expires_at: Date }[]>`
      SELECT email, roles, expires_at FROM invitation
      WHERE id = ${options.invitationId}::uuid AND accepted_at IS NULL FOR UPDATE`;
    if (!before) throw notFound();
    await tx.invitation.update({
      where: { id: options.invitationId },
      data: { tokenHash: hashInvitationToken(token), expiresAt },
    });
    await recordAuditEvent({
      action: "user.invitation_resent",
      actorId: options.actor.userId,
      subject: before.email,
      origin: options.origin,
      details: {
        before: { expires_at: before.expires_at.toISOString() },
        after: { expires_at: expiresAt.toISOString() },
      },
      client: tx,
    });
    return { token, email: before.email, roles: knownRoles(before.roles), expiresAt };
  });
}

/** Withdraws a pending invitation: its link is refused as any unknown link is. */
export async function revokeInvitation(options: {
  actor: Actor;
  invitationId: string;
  origin?: RequestOrigin;
}): Promise<{ email: string }> {
  authorize(options.actor, "users.manage");
  if (!isUuid(options.invitationId)) throw notFound();
  return db().$transaction(async (tx) => {
    const [revoked] = await tx.$queryRaw<{ email: string; roles: string[] }[]>`
      DELETE FROM invitation WHERE id = ${options.invitationId}::uuid AND accepted_at IS NULL RETURNING email, roles`;
    if (!revoked) throw notFound();
    await recordAuditEvent({
      action: "user.invitation_revoked",
      actorId: options.actor.userId,
      subject: revoked.email,
      origin: options.origin,
      details: { roles: revoked.roles },
      client: tx,
    });
    return { email: revoked.email };
  });
}
