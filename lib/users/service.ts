// Users: creating them, invitations, roles, disabling (the first admin is
// first-admin.ts's). Passwords are hashed by better-auth's own hasher, in the
// account row better-auth signs in with.
import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Actor } from "@/lib/auth/actor";
import { revokeAllApiTokensOf } from "@/lib/auth/api-tokens";
import { authorize } from "@/lib/auth/authorize";
import { isRole, knownRoles, type Role } from "@/lib/auth/permissions";
import { normaliseEmail } from "@/lib/auth/sign-in-throttle";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { ValidationIssue } from "@/lib/aif/types";
import { EMAIL_PATTERN } from "./invitation-list";
import { hashInvitationToken, INVITATION_TTL_MS } from "./invitation-token";
import { assertDisplayNameFree, checkDisplayName, isDisplayNameCollision, nameTaken } from "./display-name";

export const MIN_PASSWORD_LENGTH = 12;

export type UserView = {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  disabledAt: Date | null;
  createdAt: Date;
};

function toView(user: {
  id: string;
  email: string;
  name: string;
  roles: string[];
  disabledAt: Date | null;
  createdAt: Date;
}): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    roles: knownRoles(user.roles),
    disabledAt: user.disabledAt,
    createdAt: user.createdAt,
  };
}

function validateRoles(roles: unknown, issues: ValidationIssue[]): Role[] {
  if (!Array.isArray(roles) || roles.length === 0) {
    issues.push({ path: "/roles", rule: "minItems", message: "Choose at least one role" });
    return [];
  }
  for (const role of roles)
    if (!isRole(role))
      issues.push({ path: "/roles", rule: "enum", message: `"${String(role)}" is not a role (rater, sme, admin)` });
  return [...new Set(roles.filter(isRole))];
}

export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Creates a user who can sign in with the password. For bootstrap, invitations
 * and demo data. The name follows the display-name rule: INVALID_INPUT or
 * CONFLICT on `/name` otherwise.
 */
export async function createUserWithPassword(options: {
  email: string;
  name: string;
  roles: Role[];
  password: string;
  client?: DbClient;
}): Promise<UserView> {
  const client = options.client ?? db();
  const checked = checkDisplayName(options.name);
  if (checked.issue) throw new AppError("INVALID_INPUT", "The name is not valid", [checked.issue]);
  await assertDisplayNameFree(client, checked.name);
  const id = randomUUID();
  const email = normaliseEmail(options.email);
  const passwordHash = await hashPassword(options.password);
  try {
    const user = await client.user.create({
      data: {
        id,
        email,
        name: checked.name,
        roles: options.roles,
        emailVerified: true,
        accounts: { create: { id: randomUUID(), accountId: id, providerId: "credential", password: passwordHash } },
      },
    });
    return toView(user);
  } catch (error) {
    // Checked above; a user who took the name since is caught by the unique index.
    if (isDisplayNameCollision(error)) throw nameTaken();
    throw error;
  }
}

export async function listUsers(options: { actor: Actor }): Promise<UserView[]> {
  authorize(options.actor, "users.manage");
  const users = await db().user.findMany({ orderBy: { createdAt: "asc" } });
  return users.map(toView);
}

export async function inviteUser(options: {
  actor: Actor;
  email: unknown;
  roles: unknown;
  origin?: RequestOrigin;
}): Promise<{ token: string; email: string; roles: Role[]; expiresAt: Date }> {
  authorize(options.actor, "users.manage");
  const issues: ValidationIssue[] = [];
  const email = typeof options.email === "string" ? normaliseEmail(options.email) : "";
  if (!EMAIL_PATTERN.test(email))
    issues.push({ path: "/email", rule: "format", message: "Enter a valid email address" });
  const roles = validateRoles(options.roles, issues);
  if (issues.length > 0) throw new AppError("INVALID_INPUT", "The invitation is not valid", issues);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const replaced = await db().$transaction(async (tx) => {
    // One invitation per email at a time: two admins inviting at once queue here.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('invitation:' || ${email}))`;
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw new AppError("CONFLICT", "A user with this email already exists", [
        { path: "/email", rule: "unique", message: "A user with this email already exists" },
      ]);
    }
    // A new invitation replaces the open one: its link stops working.
    const { count } = await tx.invitation.deleteMany({ where: { email, acceptedAt: null } });
    await tx.invitation.create({
      data: { email, roles, tokenHash: hashInvitationToken(token), invitedById: options.actor.userId, expiresAt },
    });
    return count;
  });
  await recordAuditEvent({
    action: "user.invited",
    actorId: options.actor.userId,
    subject: email,
    origin: options.origin,
    details: { roles, ...(replaced > 0 ? { replacedOpenInvitations: replaced } : {}) },
  });
  return { token, email, roles, expiresAt };
}

/** The open invitation behind a link, or NOT_FOUND (unknown, used or expired). */
export async function findOpenInvitation(options: { token: string }): Promise<{ email: string; roles: Role[] }> {
  const invitation = await db().invitation.findUnique({ where: { tokenHash: hashInvitationToken(options.token) } });
  if (!invitation || invitation.acceptedAt || invitation.expiresAt < new Date()) {
    throw new AppError("NOT_FOUND", "This invitation link is not valid any more. Ask an admin for a new one.");
  }
  return { email: invitation.email, roles: knownRoles(invitation.roles) };
}

export async function acceptInvitation(options: {
  token: string;
  name: unknown;
  password: unknown;
  origin?: RequestOrigin;
}): Promise<UserView> {
  const invitation = await findOpenInvitation({ token: options.token });
  const issues: ValidationIssue[] = [];
  const checked = checkDisplayName(options.name);
  if (checked.issue) issues.push(checked.issue);
  const password = typeof options.password === "string" ? options.password : "";
  if (password.length < MIN_PASSWORD_LENGTH)
    issues.push({ path: "/password", rule: "minLength", message: `Use at least ${MIN_PASSWORD_LENGTH} characters` });
  if (issues.length > 0) throw new AppError("INVALID_INPUT", "Some answers need attention", issues);
  const user = await db().$transaction(async (tx) => {
    // Claim the invitation first: two tabs accepting the same link create one user.
    const claimed = await tx.invitation.updateMany({
      where: { tokenHash: hashInvitationToken(options.token), acceptedAt: null },
      data: { acceptedAt: new Date() },
    });
    if (claimed.count === 0)
      throw new AppError("NOT_FOUND", "This invitation link is not valid any more. Ask an admin for a new one.");
    return createUserWithPassword({
      email: invitation.email,
      name: checked.name!,
      roles: invitation.roles,
      password,
      client: tx,
    });
  });
  await recordAuditEvent({
    action: "user.joined",
    actorId: user.id,
    subject: user.email,
    origin: options.origin,
    details: { roles: user.roles },
  });
  return user;
}

async function findUserFor(userId: string): Promise<{ id: string; roles: string[]; disabledAt: Date | null }> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, roles: true, disabledAt: true },
  });
  if (!user) throw new AppError("NOT_FOUND", "No such user");
  return user;
}

/**
 * Runs `change` while every enabled admin's row is locked (in id order, so two
 * of these never deadlock): two admins disabling or demoting each other at the
 * same moment are taken one after the other, and the second sees the first's
 * change. Throws CONFLICT when `userId` is the last enabled admin, and
 * FORBIDDEN when the acting admin is no longer one.
 */
async function whileAdminsLocked<T>(
  options: { actor: Actor; userId: string; losesAdmin: boolean },
  change: (tx: DbClient) => Promise<T>,
): Promise<T> {
  return db().$transaction(async (tx) => {
    const admins = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM app_user WHERE 'admin' = ANY(roles) AND disabled_at IS NULL ORDER BY id FOR UPDATE`;
    const ids = new Set(admins.map((admin) => admin.id));
    if (!ids.has(options.actor.userId)) throw new AppError("FORBIDDEN", "You do not have permission to do this");
    if (options.losesAdmin && ids.has(options.userId) && ids.size === 1) {
      throw new AppError("CONFLICT", "This is the last enabled admin; make someone else admin first");
    }
    return change(tx);
  });
}

export async function setUserRoles(options: {
  actor: Actor;
  userId: string;
  roles: unknown;
  origin?: RequestOrigin;
}): Promise<UserView> {
  authorize(options.actor, "users.manage");
  const issues: ValidationIssue[] = [];
  const roles = validateRoles(options.roles, issues);
  if (issues.length > 0) throw new AppError("INVALID_INPUT", "The roles are not valid", issues);
  const user = await findUserFor(options.userId);
  const updated = await whileAdminsLocked(
    { actor: options.actor, userId: user.id, losesAdmin: !roles.includes("admin") },
    (tx) => tx.user.update({ where: { id: user.id }, data: { roles } }),
  );
  await recordAuditEvent({
    action: "user.roles_changed",
    actorId: options.actor.userId,
    subject: user.id,
    origin: options.origin,
    details: { from: user.roles, to: roles },
  });
  return toView(updated);
}

/** Disables a user, ends all their sessions and revokes their API tokens at once (enabling them again revives neither). */
export async function disableUser(options: {
  actor: Actor;
  userId: string;
  origin?: RequestOrigin;
}): Promise<UserView> {
  authorize(options.actor, "users.manage");
  const user = await findUserFor(options.userId);
  const updated = await whileAdminsLocked({ actor: options.actor, userId: user.id, losesAdmin: true }, async (tx) => {
    const row = await tx.user.update({ where: { id: user.id }, data: { disabledAt: user.disabledAt ?? new Date() } });
    await tx.session.deleteMany({ where: { userId: user.id } });
    return { row, tokensRevoked: await revokeAllApiTokensOf(tx, user.id) };
  });
  await recordAuditEvent({
    action: "user.disabled",
    actorId: options.actor.userId,
    subject: user.id,
    origin: options.origin,
    details: { api_tokens_revoked: updated.tokensRevoked },
  });
  return toView(updated.row);
}

export async function enableUser(options: { actor: Actor; userId: string; origin?: RequestOrigin }): Promise<UserView> {
  authorize(options.actor, "users.manage");
  const user = await findUserFor(options.userId);
  const updated = await db().user.update({ where: { id: user.id }, data: { disabledAt: null } });
  await recordAuditEvent({
    action: "user.enabled",
    actorId: options.actor.userId,
    subject: user.id,
    origin: options.origin,
  });
  return toView(updated);
}
