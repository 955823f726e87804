// The generated Prisma client and the hand-written migrations agree: every
// model can be created and read back with every column.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";

afterAll(() => db().$disconnect());

describe("Prisma client ↔ migrated database", () => {
  it("EvalRecord: create and read every column", async () => {
    const evalId = "3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a";
    const parentId = "4e3d2c1b-0a9f-4e8d-9c7b-6a5f4e3d2c1b";
    const bodyOf = (id: string, derivedFrom: string | null) => ({
      schema_version: "1.0.0",
      eval_id: id,
      created_at: "2026-11-21T10:00:00.000Z",
      derived_from: derivedFrom,
      rater: { type: "sme", id: "u1" },
      task: { task_id: "t-db", suite_id: "s-db", modality: "chat", prompt: "p" },
      subject: { system_under_test: "x", modality_tags: ["chat"] },
      universal: {},
    });
    await db().evalRecord.create({
      data: {
        evalId: parentId,
        createdAt: new Date("2026-11-21T09:00:00.000Z"),
        raterType: "sme",
        raterId: "u1",
        taskId: "t-db",
        suiteId: "s-db",
        body: bodyOf(parentId, null),
      },
    });
    const created = await db().evalRecord.create({
      data: {
        evalId,
        createdAt: new Date("2026-11-21T10:00:00.000Z"),
        raterType: "sme",
        raterId: "u1",
        taskId: "t-db",
        suiteId: "s-db",
        derivedFrom: parentId,
        body: bodyOf(evalId, parentId),
      },
    });
    const read = await db().evalRecord.findUniqueOrThrow({
      where: { evalId },
      include: { parent: true, derivations: true },
    });
    expect(read).toMatchObject({ ...created, parent: { evalId: parentId }, derivations: [] });
    expect(read.storedAt).toBeInstanceOf(Date);
    const parent = await db().evalRecord.findUniqueOrThrow({
      where: { evalId: parentId },
      include: { derivations: true },
    });
    expect(parent.derivations.map((child) => child.evalId)).toEqual([evalId]);
  });
});

describe("Prisma client ↔ migrated database: accounts", () => {
  it("User, Session, Account, Verification, Invitation, ApiToken, AuditEvent: create and read every column", async () => {
    const id = `user-${Date.now()}`;
    const at = new Date("2026-11-21T10:00:00.000Z");
    const user = await db().user.create({
      data: {
        id,
        name: `N ${id}`,
        email: `${id}@example.test`,
        emailVerified: true,
        image: "https://example.test/a.png",
        roles: ["rater", "sme"],
        disabledAt: at,
        sessions: {
          create: { id: `${id}-s`, expiresAt: at, token: `${id}-token`, ipAddress: "127.0.0.1", userAgent: "ua" },
        },
        accounts: {
          create: {
            id: `${id}-a`,
            accountId: id,
            providerId: "credential",
            password: "hash",
            accessToken: "a",
            refreshToken: "r",
            idToken: "i",
            accessTokenExpiresAt: at,
            refreshTokenExpiresAt: at,
            scope: "s",
          },
        },
        apiTokens: {
          create: {
            name: "t",
            prefix: "efk_abc",
            tokenHash: `${id}-hash`,
            roles: ["rater"],
            lastUsedAt: at,
            revokedAt: at,
          },
        },
      },
    });
    const read = await db().user.findUniqueOrThrow({
      where: { id },
      include: { sessions: true, accounts: true, apiTokens: true },
    });
    expect(read).toMatchObject({ ...user, roles: ["rater", "sme"], disabledAt: at });
    expect(read.sessions[0]).toMatchObject({
      token: `${id}-token`,
      ipAddress: "127.0.0.1",
      userAgent: "ua",
      expiresAt: at,
    });
    expect(read.accounts[0]).toMatchObject({
      providerId: "credential",
      password: "hash",
      scope: "s",
      refreshTokenExpiresAt: at,
    });
    expect(read.apiTokens[0]).toMatchObject({ prefix: "efk_abc", roles: ["rater"], lastUsedAt: at, revokedAt: at });

    const verification = await db().verification.create({
      data: { id: `${id}-v`, identifier: "x", value: "y", expiresAt: at },
    });
    expect(await db().verification.findUniqueOrThrow({ where: { id: verification.id } })).toEqual(verification);
    const invitation = await db().invitation.create({
      data: {
        email: "i@example.test",
        roles: ["sme"],
        tokenHash: `${id}-inv`,
        invitedById: id,
        expiresAt: at,
        acceptedAt: at,
      },
    });
    expect(await db().invitation.findUniqueOrThrow({ where: { id: invitation.id } })).toEqual(invitation);
    const event = await db().auditEvent.create({
      data: { actorId: id, action: "test", subject: "s", ipAddress: "::1", userAgent: "ua", details: { a: 1 } },
    });
    expect(await db().auditEvent.findUniqueOrThrow({ where: { id: event.id } })).toEqual(event);
  });

  it("refuses unknown roles in the database itself", async () => {
    await expect(
      db().user.create({
        data: { id: `bad-${Date.now()}`, name: "x", email: `bad-${Date.now()}@example.test`, roles: ["superuser"] },
      }),
    ).rejects.toThrow();
  });
});

describe("Prisma client ↔ migrated database: items and queues", () => {
  it("ItemImport, ImportStagedItem, Item, Suite, SuiteItem, SuiteRater, ShareLink, Assignment: create and read every column", async () => {
    const id = `items-${Date.now()}`;
    const at = new Date("2026-11-21T10:00:00.000Z");
    await db().user.create({ data: { id, name: `N ${id}`, email: `${id}@example.test`, roles: ["admin", "rater"] } });
    const itemImport = await db().itemImport.create({
      data: {
        format: "eee",
        fileName: "f.jsonl",
        systemUnderTest: "m",
        status: "committed",
        bytesRead: 10n,
        linesRead: 2,
        accepted: 1,
        refused: 1,
        alreadyPresent: 0,
        imported: 1,
        report: { errors: [] },
        failure: null,
        createdById: id,
        finishedAt: at,
        staged: { create: { line: 3, identity: `${id}-staged`, body: { a: 1 } } },
      },
    });
    expect(
      await db().itemImport.findUniqueOrThrow({ where: { id: itemImport.id }, include: { staged: true } }),
    ).toMatchObject({ ...itemImport, staged: [{ line: 3, identity: `${id}-staged` }] });
    const item = await db().item.create({
      data: {
        identity: id,
        taskId: "t",
        sourceSuiteId: "s",
        systemUnderTest: "m",
        modality: "chat",
        isGold: true,
        body: { task: {} },
        importId: itemImport.id,
        importLine: 1,
      },
    });
    expect(await db().item.findUniqueOrThrow({ where: { id: item.id } })).toEqual(item);
    const suite = await db().suite.create({
      data: {
        key: id,
        name: "S",
        overlapK: 2,
        goldShare: 0.25,
        holdSeconds: 600,
        createdById: id,
        raters: { create: { userId: id } },
        items: { create: { itemId: item.id, position: 1, isGold: true, slotsLeft: 2 } },
      },
      include: { raters: true, items: true },
    });
    expect(suite).toMatchObject({
      goldShare: 0.25,
      raters: [{ userId: id }],
      items: [{ itemId: item.id, slotsLeft: 2, isGold: true, position: 1 }],
    });
    const link = await db().shareLink.create({
      data: { suiteId: suite.id, label: "L", tokenHash: `${id}-hash`, createdById: id, revokedAt: at },
    });
    expect(await db().shareLink.findUniqueOrThrow({ where: { id: link.id } })).toEqual(link);
    const assignment = await db().assignment.create({
      data: {
        suiteId: suite.id,
        itemId: item.id,
        raterKey: id,
        userId: id,
        heldUntil: at,
        draft: { notes: "x" },
        draftVersion: 3,
        draftSavedAt: at,
      },
    });
    expect(
      await db().assignment.findUniqueOrThrow({ where: { id: assignment.id }, include: { suiteItem: true } }),
    ).toMatchObject({ ...assignment, suiteItem: { slotsLeft: 2 } });
    // Overlap k is a database guarantee: slots_left never goes below zero.
    await expect(
      db().suiteItem.update({
        where: { suiteId_itemId: { suiteId: suite.id, itemId: item.id } },
        data: { slotsLeft: -1 },
      }),
    ).rejects.toThrow();
  });
});
