// Password resets by an admin-issued link: one use, expiring, like invitations.
// Setting the new password ends every session the user had and revokes every
// API token: a reset is account recovery, and whoever had the account may
// have made a token.
import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Actor } from "@/lib/auth/actor";
import { revokeAllApiTokensOf } from "@/lib/auth/api-tokens";
import { authorize } from "@/lib/auth/authorize";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { MIN_PASSWORD_LENGTH } from "./service";

// Short: the link is a password in transit.
export const PASSWORD_RESET_TTL_MS = 24 * 60 * 60 * 1000;
const NOT_VALID = "This password reset link is not valid any more. Ask an admin for a new one.";

function hashResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Issues a reset link for a user; an earlier open link for them stops working. */
export async function issuePasswordReset(options: {
  actor: Actor;
  userId: string;
  origin?: RequestOrigin;
}): Promise<{ token: string; email: string; expiresAt: Date }> {
  authorize(options.actor, "users.manage");
  const user = await db().user.findUnique({
    where: { id: options.userId },
    select: { id: true, email: true, disabledAt: true },
  });
  if (!user) throw new AppError("NOT_FOUND", "No such user");
  if (user.disabledAt)
    throw new AppError("CONFLICT", "This user is disabled; enable them before resetting their password");
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
  await db().$transaction(async (tx) => {
    await tx.passwordReset.deleteMany({ where: { userId: user.id, usedAt: null } });
    await tx.passwordReset.create({
      data: { userId: user.id, tokenHash: hashResetToken(token), issuedById: options.actor.userId, expiresAt },
    });
  });
  await recordAuditEvent({
    action: "user.password_reset_issued",
    actorId: options.actor.userId,
    subject: user.id,
    origin: options.origin,
    details: { expiresAt: expiresAt.toISOString() },
  });
  return { token, email: user.email, expiresAt };
}

/** The user an open reset link is for, or NOT_FOUND (unknown, used, expired, or the user disabled). */
export async function findOpenPasswordReset(options: { token: string }): Promise<{ email: string; name: string }> {
  const reset = await db().passwordReset.findUnique({
    where: { tokenHash: hashResetToken(options.token) },
    include: { user: { select: { email: true, name: true, disabledAt: true } } },
  });
  if (!reset || reset.usedAt || reset.expiresAt < new Date() || reset.user.disabledAt)
    throw new AppError("NOT_FOUND", NOT_VALID);
  return { email: reset.user.email, name: reset.user.name };
}

/** Sets the new password once, signs the user out everywhere and revokes their API tokens. */
export async function completePasswordReset(options: {
  token: string;
  password: unknown;
  origin?: RequestOrigin;
}): Promise<{ email: string; tokensRevoked: number }> {
  const password = typeof options.password === "string" ? options.password : "";
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("INVALID_INPUT", "Some answers need attention", [
      { path: "/password", rule: "minLength", message: `Use at least ${MIN_PASSWORD_LENGTH} characters` },
    ]);
  }
  const passwordHash = await hashPassword(password);
  const user = await db().$transaction(async (tx) => {
    // Claimed with its conditions in the where: two tabs using one link set one password.
    const reset = await tx.passwordReset.findUnique({
      where: { tokenHash: hashResetToken(options.token) },
      select: { id: true, userId: true },
    });
    const claimed = reset
      ? await tx.passwordReset.updateMany({
          where: { id: reset.id, usedAt: null, expiresAt: { gt: new Date() }, user: { disabledAt: null } },
          data: { usedAt: new Date() },
        })
      : { count: 0 };
    if (!reset || claimed.count === 0) throw new AppError("NOT_FOUND", NOT_VALID);
    const { count } = await tx.account.updateMany({
      where: { userId: reset.userId, providerId: "credential" },
      data: { password: passwordHash },
    });
    if (count === 0)
      await tx.account.create({
        data: {
          id: randomUUID(),
          userId: reset.userId,
          accountId: reset.userId,
          providerId: "credential",
          password: passwordHash,
        },
      });
    await tx.session.deleteMany({ where: { userId: reset.userId } });
    const tokensRevoked = await revokeAllApiTokensOf(tx, reset.userId);
    const found = await tx.user.findUniqueOrThrow({ where: { id: reset.userId }, select: { id: true, email: true } });
    return { ...found, tokensRevoked };
  });
  await recordAuditEvent({
    action: "user.password_reset",
    actorId: user.id,
    subject: user.id,
    origin: options.origin,
    details: { api_tokens_revoked: user.tokensRevoked },
  });
  return { email: user.email, tokensRevoked: user.tokensRevoked };
}
