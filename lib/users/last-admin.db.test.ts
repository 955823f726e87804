// Never zero enabled admins: two admins disabling (or demoting) each other at
// the same moment, and the start-up step that repairs a database left with
// none. On a database of its own, where these admins are the only ones.
import { afterAll, describe, expect, it } from "vitest";
import * as testDatabases from "@/lib/testing/test-database";

const database = await testDatabases.createTestDatabase("lastadmin");
testDatabases.useDatabaseInThisFile(database);
const { db } = await import("@/lib/db");
const { auth } = await import("@/lib/auth/auth");
const { createTestUser } = await import("@/lib/testing/test-users");
const { disableUser, enableUser, setUserRoles } = await import("./service");
const { ensureFirstAdmin } = await import("./first-admin");

afterAll(async () => {
  await db().$disconnect();
  await database.drop();
});

async function enabledAdmins(): Promise<number> {
  return db().user.count({ where: { roles: { has: "admin" }, disabledAt: null } });
}

async function onlyTheseAdmins(count: number) {
  await db().user.updateMany({ where: { roles: { has: "admin" } }, data: { disabledAt: new Date() } });
  return Promise.all(Array.from({ length: count }, () => createTestUser(["admin"])));
}

describe("the last enabled admin", () => {
  it("two admins disabling each other at the same moment: exactly one succeeds, every time", async () => {
    for (let round = 0; round < 8; round++) {
      const [a, b] = await onlyTheseAdmins(2);
      const results = await Promise.allSettled([
        disableUser({ actor: a!, userId: b!.userId }),
        disableUser({ actor: b!, userId: a!.userId }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
      expect(["CONFLICT", "FORBIDDEN"]).toContain(refused.reason.code);
      expect(await enabledAdmins()).toBe(1);
    }
  });

  it("two admins removing each other's admin role at the same moment: one stays admin", async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await onlyTheseAdmins(2);
      const results = await Promise.allSettled([
        setUserRoles({ actor: a!, userId: b!.userId, roles: ["rater"] }),
        setUserRoles({ actor: b!, userId: a!.userId, roles: ["rater"] }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      expect(await enabledAdmins()).toBe(1);
    }
  });

  it("three admins disabling each other all at once leave at least one", async () => {
    const admins = await onlyTheseAdmins(3);
    await Promise.allSettled(
      admins.flatMap((actor) =>
        admins.filter((other) => other !== actor).map((other) => disableUser({ actor, userId: other.userId })),
      ),
    );
    expect(await enabledAdmins()).toBeGreaterThanOrEqual(1);
  });
});

describe("the first admin at start-up", () => {
  it("creates one on an empty database, then nothing while an admin is enabled", async () => {
    await db().user.updateMany({ where: { roles: { has: "admin" } }, data: { disabledAt: new Date() } });
    const email = `first-${Date.now()}@example.test`;
    const made = await ensureFirstAdmin({ email });
    expect(made).toMatchObject({ created: true, repaired: false, email, generated: true });
    expect(await ensureFirstAdmin({ email })).toEqual({ created: false });
  });

  it("with zero enabled admins (the configured one disabled), re-enables and repairs it instead of failing; it can sign in with the new password", async () => {
    const email = `bootstrap-${Date.now()}@example.test`;
    await db().user.updateMany({ where: { roles: { has: "admin" } }, data: { disabledAt: new Date() } });
    await ensureFirstAdmin({ email, password: "the-first-password-1" });
    // Left with none: the configured admin disabled and demoted, as a race once could.
    await db().user.update({ where: { email }, data: { disabledAt: new Date(), roles: ["rater"] } });
    expect(await enabledAdmins()).toBe(0);
    const repaired = await ensureFirstAdmin({ email });
    expect(repaired).toMatchObject({ created: true, repaired: true, email, generated: true });
    expect(await enabledAdmins()).toBe(1);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(user.roles).toContain("admin");
    expect(user.disabledAt).toBeNull();
    const password = (repaired as { password: string }).password;
    const session = await auth().api.signInEmail({ body: { email, password } });
    expect(session.user.id).toBe(user.id);
    // Starting again changes nothing.
    expect(await ensureFirstAdmin({ email })).toEqual({ created: false });
  });

  it("with zero enabled admins and another configured email, creates that admin beside the disabled one that holds the name", async () => {
    await db().user.updateMany({ where: { roles: { has: "admin" } }, data: { disabledAt: new Date() } });
    const made = await ensureFirstAdmin({ email: `other-${Date.now()}@example.test` });
    expect(made).toMatchObject({ created: true, repaired: false });
    expect(await enabledAdmins()).toBe(1);
  });

  it("two replicas starting at once on a database with no admin make one", async () => {
    await db().user.updateMany({ where: { roles: { has: "admin" } }, data: { disabledAt: new Date() } });
    const email = `replica-${Date.now()}@example.test`;
    const outcomes = await Promise.all([ensureFirstAdmin({ email }), ensureFirstAdmin({ email })]);
    expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(1);
    expect(await enabledAdmins()).toBe(1);
  });

  it("an enabled admin can enable a disabled one again", async () => {
    const [a] = await onlyTheseAdmins(1);
    const b = await createTestUser(["admin"]);
    await disableUser({ actor: a!, userId: b.userId });
    await enableUser({ actor: a!, userId: b.userId });
    expect(await enabledAdmins()).toBe(2);
  });
});
