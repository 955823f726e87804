// Password reset links against the real database: one use, expiry, sessions ended, API tokens revoked.
import { randomUUID } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser } from "@/lib/testing/test-users";
import { authenticateApiToken, createApiToken } from "@/lib/auth/api-tokens";
import { completePasswordReset, findOpenPasswordReset, issuePasswordReset } from "./password-reset";
import { disableUser, enableUser } from "./service";

afterAll(() => db().$disconnect());

async function storedHash(userId: string): Promise<string> {
  const account = await db().account.findFirstOrThrow({ where: { userId, providerId: "credential" } });
  return account.password!;
}

async function openSession(userId: string): Promise<void> {
  await db().session.create({
    data: { id: randomUUID(), userId, token: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) },
  });
}

describe("password reset links", () => {
  it("revoke every API token of the user in the reset's transaction (issue 33: account recovery)", async () => {
    const admin = await createTestUser(["admin"]);
    const user = await createTestUser(["rater"]);
    const other = await createTestUser(["rater"]);
    // The intruder's token, one more, and another user's that must keep working.
    const intruders = await createApiToken({ actor: user, name: "made by whoever had the account", roles: ["rater"] });
    const scripts = await createApiToken({ actor: user, name: "nightly export", roles: ["rater"] });
    const untouched = await createApiToken({ actor: other, name: "someone else's", roles: ["rater"] });
    expect(await authenticateApiToken(intruders.token)).toMatchObject({ userId: user.userId });
    const reset = await issuePasswordReset({ actor: admin, userId: user.userId });
    expect(await completePasswordReset({ token: reset.token, password: "a-brand-new-password" })).toEqual({
      email: user.email,
      tokensRevoked: 2,
    });
    expect(await authenticateApiToken(intruders.token)).toBeNull();
    expect(await authenticateApiToken(scripts.token)).toBeNull();
    expect(await authenticateApiToken(untouched.token)).toMatchObject({ userId: other.userId });
    const audit = await db().auditEvent.findFirstOrThrow({
      where: { subject: user.userId, action: "user.password_reset" },
    });
    expect(audit.details).toEqual({ api_tokens_revoked: 2 });
  });

  it("a disabled user's API tokens are revoked and stay revoked when they are enabled again", async () => {
    const admin = await createTestUser(["admin"]);
    const user = await createTestUser(["sme"]);
    const made = await createApiToken({ actor: user, name: "script", roles: ["sme"] });
    await openSession(user.userId);
    await disableUser({ actor: admin, userId: user.userId });
    expect(await authenticateApiToken(made.token)).toBeNull();
    expect(await db().session.count({ where: { userId: user.userId } })).toBe(0);
    await enableUser({ actor: admin, userId: user.userId });
    expect(await authenticateApiToken(made.token)).toBeNull();
    expect((await db().apiToken.findUniqueOrThrow({ where: { id: made.view.id } })).revokedAt).not.toBeNull();
  });

  it("set a new password once, end every session, and are audited", async () => {
    const admin = await createTestUser(["admin"]);
    const user = await createTestUser(["rater"]);
    await openSession(user.userId);
    await openSession(user.userId);
    const reset = await issuePasswordReset({ actor: admin, userId: user.userId });
    expect(reset.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(await findOpenPasswordReset({ token: reset.token })).toEqual({ email: user.email, name: user.name });
    expect(await completePasswordReset({ token: reset.token, password: "a-brand-new-password" })).toEqual({
      email: user.email,
      tokensRevoked: 0,
    });
    expect(await verifyPassword({ hash: await storedHash(user.userId), password: "a-brand-new-password" })).toBe(true);
    expect(await verifyPassword({ hash: await storedHash(user.userId), password: user.password })).toBe(false);
    expect(await db().session.count({ where: { userId: user.userId } })).toBe(0);
    expect(
      (await rejection(completePasswordReset({ token: reset.token, password: "another-new-password" }))).code,
    ).toBe("NOT_FOUND");
    expect((await rejection(findOpenPasswordReset({ token: reset.token }))).code).toBe("NOT_FOUND");
    const actions = await db().auditEvent.findMany({
      where: { subject: user.userId },
      orderBy: { id: "asc" },
      select: { action: true, actorId: true },
    });
    expect(actions).toEqual([
      { action: "user.password_reset_issued", actorId: admin.userId },
      { action: "user.password_reset", actorId: user.userId },
    ]);
  });

  it("expire, and a newer link replaces the open one", async () => {
    const admin = await createTestUser(["admin"]);
    const user = await createTestUser(["sme"]);
    const first = await issuePasswordReset({ actor: admin, userId: user.userId });
    const second = await issuePasswordReset({ actor: admin, userId: user.userId });
    expect((await rejection(findOpenPasswordReset({ token: first.token }))).code).toBe("NOT_FOUND");
    await db().passwordReset.updateMany({
      where: { userId: user.userId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(
      (await rejection(completePasswordReset({ token: second.token, password: "a-brand-new-password" }))).code,
    ).toBe("NOT_FOUND");
    expect(await verifyPassword({ hash: await storedHash(user.userId), password: user.password })).toBe(true);
  });

  it("refuse a short password without using the link, and only admins issue them", async () => {
    const admin = await createTestUser(["admin"]);
    const user = await createTestUser(["rater"]);
    const reset = await issuePasswordReset({ actor: admin, userId: user.userId });
    const short = await rejection(completePasswordReset({ token: reset.token, password: "short" }));
    expect(short.issues.map((issue) => issue.path)).toEqual(["/password"]);
    expect(await findOpenPasswordReset({ token: reset.token })).toBeTruthy();
    for (const roles of [["rater"], ["sme"]] as const) {
      const actor = await createTestUser([...roles]);
      expect((await rejection(issuePasswordReset({ actor, userId: user.userId }))).code).toBe("FORBIDDEN");
    }
    expect((await rejection(issuePasswordReset({ actor: admin, userId: randomUUID() }))).code).toBe("NOT_FOUND");
  });
});
