// Invitations, roles, disabling and API tokens against the real database.
import { afterAll, describe, expect, it } from "vitest";
import { authenticateApiToken, createApiToken, listApiTokens, revokeApiToken } from "@/lib/auth/api-tokens";
import { db } from "@/lib/db";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser } from "@/lib/testing/test-users";
import { acceptInvitation, disableUser, findOpenInvitation, inviteUser, listUsers, setUserRoles } from "./service";

afterAll(() => db().$disconnect());

describe("invitations", () => {
  it("an admin invites; the link works once and creates a user with the invited roles", async () => {
    const admin = await createTestUser(["admin"]);
    const email = `invitee-${Date.now()}@example.test`;
    const invitation = await inviteUser({ actor: admin, email: email.toUpperCase(), roles: ["sme", "rater"] });
    expect(await findOpenInvitation({ token: invitation.token })).toEqual({ email, roles: ["sme", "rater"] });
    const user = await acceptInvitation({ token: invitation.token, name: "Ines", password: "a-long-password-1" });
    expect(user).toMatchObject({ email, roles: ["sme", "rater"] });
    expect(
      (await rejection(acceptInvitation({ token: invitation.token, name: "Again", password: "a-long-password-2" })))
        .code,
    ).toBe("NOT_FOUND");
    expect((await rejection(inviteUser({ actor: admin, email, roles: ["rater"] }))).code).toBe("CONFLICT");
  });

  it("names each bad field and creates nothing", async () => {
    const admin = await createTestUser(["admin"]);
    const bad = await rejection(inviteUser({ actor: admin, email: "not-an-email", roles: ["owner"] }));
    expect(bad.issues.map((issue) => issue.path).sort()).toEqual(["/email", "/roles"]);
    const invitation = await inviteUser({ actor: admin, email: `short-${Date.now()}@example.test`, roles: ["rater"] });
    const weak = await rejection(acceptInvitation({ token: invitation.token, name: "", password: "short" }));
    expect(weak.issues.map((issue) => issue.path).sort()).toEqual(["/name", "/password"]);
    expect(await findOpenInvitation({ token: invitation.token })).toBeTruthy();
  });

  it("raters and SMEs cannot invite or list users", async () => {
    for (const roles of [["rater"], ["sme"]] as const) {
      const actor = await createTestUser([...roles]);
      expect((await rejection(inviteUser({ actor, email: "x@example.test", roles: ["admin"] }))).code).toBe(
        "FORBIDDEN",
      );
      expect((await rejection(listUsers({ actor }))).code).toBe("FORBIDDEN");
    }
  });
});

describe("roles and disabling", () => {
  it("never leaves the app without an enabled admin", async () => {
    const admin = await createTestUser(["admin"]);
    // Disable every other admin so this one is the last.
    const others = await db().user.findMany({
      where: { roles: { has: "admin" }, disabledAt: null, id: { not: admin.userId } },
    });
    await db().user.updateMany({
      where: { id: { in: others.map((other) => other.id) } },
      data: { disabledAt: new Date() },
    });
    try {
      expect((await rejection(setUserRoles({ actor: admin, userId: admin.userId, roles: ["rater"] }))).code).toBe(
        "CONFLICT",
      );
      expect((await rejection(disableUser({ actor: admin, userId: admin.userId }))).code).toBe("CONFLICT");
    } finally {
      await db().user.updateMany({
        where: { id: { in: others.map((other) => other.id) } },
        data: { disabledAt: null },
      });
    }
  });
});

describe("API tokens", () => {
  it("carry a subset of the creator's roles, act with them, and stop when revoked or the owner is disabled", async () => {
    const owner = await createTestUser(["rater", "admin"]);
    const admin = await createTestUser(["admin"]);
    const beyond = await rejection(createApiToken({ actor: owner, name: "too much", roles: ["sme"] }));
    expect(beyond.issues[0]).toMatchObject({ path: "/roles", rule: "subsetOfOwnRoles" });

    const { token, view } = await createApiToken({ actor: owner, name: "ci", roles: ["rater"] });
    expect(token).toMatch(/^efk_/);
    const stored = await db().apiToken.findUniqueOrThrow({ where: { id: view.id } });
    expect(stored.tokenHash).not.toContain(token.slice(4));
    const asToken = await authenticateApiToken(token);
    expect(asToken).toMatchObject({ userId: owner.userId, roles: ["rater"], via: "token" });
    // A rater-only token cannot do what the admin owner can.
    expect((await rejection(listUsers({ actor: asToken! }))).code).toBe("FORBIDDEN");
    // Nor mint another token.
    expect((await rejection(createApiToken({ actor: asToken!, name: "more", roles: ["rater"] }))).code).toBe(
      "FORBIDDEN",
    );

    // Another user's token: not found.
    expect((await rejection(revokeApiToken({ actor: admin, tokenId: view.id }))).code).toBe("NOT_FOUND");
    expect(await listApiTokens({ actor: admin })).toEqual([]);

    await revokeApiToken({ actor: owner, tokenId: view.id });
    expect(await authenticateApiToken(token)).toBeNull();

    const second = await createApiToken({ actor: owner, name: "second", roles: ["rater", "admin"] });
    // Roles are re-checked at use: dropping the owner's admin role narrows the token.
    await setUserRoles({ actor: admin, userId: owner.userId, roles: ["rater"] });
    expect((await authenticateApiToken(second.token))?.roles).toEqual(["rater"]);
    await disableUser({ actor: admin, userId: owner.userId });
    expect(await authenticateApiToken(second.token)).toBeNull();
    expect(await authenticateApiToken("efk_made-up")).toBeNull();
  });
});

describe("a second invitation for the same email", () => {
  it("replaces the open one (its link stops working); an email that has an account answers 409 on /email", async () => {
    const admin = await createTestUser(["admin"]);
    const email = `twice-${Date.now()}@example.test`;
    const first = await inviteUser({ actor: admin, email, roles: ["rater"] });
    const second = await inviteUser({ actor: admin, email, roles: ["sme"] });
    expect((await rejection(findOpenInvitation({ token: first.token }))).code).toBe("NOT_FOUND");
    expect(await findOpenInvitation({ token: second.token })).toEqual({ email, roles: ["sme"] });
    expect(await db().invitation.count({ where: { email, acceptedAt: null } })).toBe(1);
    await acceptInvitation({ token: second.token, name: `Twice ${Date.now()}`, password: "a-long-password-1" });
    const again = await rejection(inviteUser({ actor: admin, email, roles: ["rater"] }));
    expect(again.code).toBe("CONFLICT");
    expect(again.issues[0]?.path).toBe("/email");
  });

  it("sent by two admins at the same moment leaves exactly one open invitation", async () => {
    const admins = [await createTestUser(["admin"]), await createTestUser(["admin"])];
    const email = `at-once-${Date.now()}@example.test`;
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, index) => inviteUser({ actor: admins[index % 2]!, email, roles: ["rater"] })),
    );
    expect(sent).toHaveLength(6);
    expect(await db().invitation.count({ where: { email, acceptedAt: null } })).toBe(1);
  });
});
