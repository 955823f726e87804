// Bulk invitations and the users table against the real database.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { submitRecord } from "@/lib/records/submit-record";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser } from "@/lib/testing/test-users";
import { inviteUsersFromList } from "./bulk-invite";
import { findOpenInvitation } from "./service";
import { listUserRows } from "./user-table";

afterAll(() => db().$disconnect());

describe("bulk invitations", () => {
  it("invite each good line, refuse the others by line number, and audit each invitation", async () => {
    const admin = await createTestUser(["admin"]);
    const existing = await createTestUser(["rater"]);
    const tag = randomBytes(4).toString("hex");
    const list = `email,roles\nann-${tag}@example.test\nbob-${tag}@example.test, sme admin\nnope\n${existing.email}\nann-${tag}@example.test`;
    const results = await inviteUsersFromList({ actor: admin, list, defaultRoles: ["rater"] });
    expect(results.map(({ line, status, email }) => ({ line, status, email }))).toEqual([
      { line: 2, status: "invited", email: `ann-${tag}@example.test` },
      { line: 3, status: "invited", email: `bob-${tag}@example.test` },
      { line: 4, status: "refused", email: "nope" },
      { line: 5, status: "refused", email: existing.email },
      { line: 6, status: "refused", email: `ann-${tag}@example.test` },
    ]);
    expect(results[3]).toMatchObject({ reason: "A user with this email already exists" });
    expect(results[4]).toMatchObject({ reason: `ann-${tag}@example.test is already on line 2` });
    const bob = results[1];
    if (bob?.status !== "invited") throw new Error("bob was not invited");
    expect(await findOpenInvitation({ token: bob.token })).toEqual({
      email: `bob-${tag}@example.test`,
      roles: ["sme", "admin"],
    });
    const invited = await db().auditEvent.count({
      where: { action: "user.invited", actorId: admin.userId, subject: { contains: tag } },
    });
    expect(invited).toBe(2);
  });

  it("need a list and known default roles, and only admins send them", async () => {
    const admin = await createTestUser(["admin"]);
    expect(
      (await rejection(inviteUsersFromList({ actor: admin, list: "\n# nothing\n", defaultRoles: ["rater"] }))).issues[0]
        ?.path,
    ).toBe("/list");
    expect(
      (await rejection(inviteUsersFromList({ actor: admin, list: "a@example.test", defaultRoles: ["owner"] })))
        .issues[0]?.path,
    ).toBe("/roles");
    const rater = await createTestUser(["rater"]);
    expect(
      (await rejection(inviteUsersFromList({ actor: rater, list: "a@example.test", defaultRoles: ["rater"] }))).code,
    ).toBe("FORBIDDEN");
  });
});

describe("the users table", () => {
  it("shows each user's ratings count and last activity", async () => {
    const admin = await createTestUser(["admin"]);
    const quiet = await createTestUser(["rater"]);
    const busy = await createTestUser(["rater"]);
    for (const n of [1, 2])
      await submitRecord({
        actor: busy,
        draft: withoutRater(chatDraft({ task: { ...chatDraft().task, task_id: `count-${busy.userId}-${n}` } })),
      });
    await db().auditEvent.create({ data: { action: "auth.sign_in", actorId: admin.userId, subject: admin.email } });
    const rows = await listUserRows({ actor: admin });
    expect(rows.find((row) => row.id === busy.userId)).toMatchObject({
      ratingsCount: 2,
      lastActiveAt: expect.any(Date),
    });
    const adminRow = rows.find((row) => row.id === admin.userId)!;
    expect(adminRow.lastActiveAt).toBeInstanceOf(Date);
    expect(Date.now() - adminRow.lastActiveAt!.getTime()).toBeLessThan(60_000);
    expect(rows.find((row) => row.id === quiet.userId)).toMatchObject({ lastActiveAt: null, ratingsCount: 0 });
    expect((await rejection(listUserRows({ actor: quiet }))).code).toBe("FORBIDDEN");
  });
});
