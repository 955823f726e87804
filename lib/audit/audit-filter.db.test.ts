// The audit log's filters on the real database: actor, action, subject and days combine, pages keep the filter.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser } from "@/lib/testing/test-users";
import { listAuditActors, listAuditEvents } from "./service";

afterAll(() => db().$disconnect());

describe("audit filters", () => {
  it("narrow by actor, action, subject and day, name people, link subjects, and page within the filter", async () => {
    const admin = await createTestUser(["admin"]);
    const doer = await createTestUser(["admin"]);
    const target = await createTestUser(["rater"]);
    const importId = randomUUID();
    const at = (iso: string) => new Date(iso);
    await db().auditEvent.createMany({
      data: [
        // In time order, as the log is written (it is read newest id first).
        {
          action: "user.disabled",
          actorId: doer.userId,
          subject: target.userId,
          createdAt: at("2025-03-01T10:00:00Z"),
        },
        {
          action: "user.disabled",
          actorId: admin.userId,
          subject: target.userId,
          createdAt: at("2025-03-02T12:00:00Z"),
        },
        { action: "user.enabled", actorId: doer.userId, subject: target.userId, createdAt: at("2025-03-02T23:59:59Z") },
        { action: "items.imported", actorId: doer.userId, subject: importId, createdAt: at("2025-03-03T00:00:00Z") },
      ],
    });
    const actions = async (filter: Parameters<typeof listAuditEvents>[0]["filter"]) =>
      (await listAuditEvents({ actor: admin, filter })).events.map((event) => event.action);

    expect(await actions({ actor: doer.userId })).toEqual(["items.imported", "user.enabled", "user.disabled"]);
    expect(await actions({ actor: doer.userId, action: "user.disabled" })).toEqual(["user.disabled"]);
    expect(await actions({ subject: target.userId, from: "2025-03-02", to: "2025-03-02" })).toEqual([
      "user.enabled",
      "user.disabled",
    ]);
    expect(await actions({ actor: doer.userId, to: "2025-03-01" })).toEqual(["user.disabled"]);

    const [imported] = (await listAuditEvents({ actor: admin, filter: { subject: importId } })).events;
    expect(imported).toMatchObject({
      actorName: doer.name,
      actorEmail: doer.email,
      subjectPath: `/admin/imports/${importId}`,
      subjectName: null,
    });
    const [disabled] = (
      await listAuditEvents({ actor: admin, filter: { actor: admin.userId, action: "user.disabled" } })
    ).events;
    expect(disabled).toMatchObject({
      subjectName: target.name,
      subjectPath: `/admin/users?q=${encodeURIComponent(target.name)}`,
    });

    const first = await listAuditEvents({ actor: admin, filter: { actor: doer.userId }, limit: 2 });
    expect(first.events.map((event) => event.action)).toEqual(["items.imported", "user.enabled"]);
    const second = await listAuditEvents({
      actor: admin,
      filter: { actor: doer.userId },
      limit: 2,
      before: first.nextBefore,
    });
    expect(second).toMatchObject({ events: [{ action: "user.disabled" }], nextBefore: null });

    expect((await listAuditActors({ actor: admin })).find((user) => user.id === target.userId)).toEqual({
      id: target.userId,
      name: target.name,
    });
  });

  it("only admins read it", async () => {
    const rater = await createTestUser(["rater"]);
    expect((await rejection(listAuditEvents({ actor: rater, filter: {} }))).code).toBe("FORBIDDEN");
    expect((await rejection(listAuditActors({ actor: rater }))).code).toBe("FORBIDDEN");
  });
});
