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
      schema_version: "1.0.0", eval_id: id, created_at: "2026-11-21T10:00:00.000Z", derived_from: derivedFrom,
      rater: { type: "sme", id: "u1" }, task: { task_id: "t-db", suite_id: "s-db", modality: "chat", prompt: "p" },
      subject: { system_under_test: "x", modality_tags: ["chat"] }, universal: {},
    });
    await db().evalRecord.create({
      data: { evalId: parentId, createdAt: new Date("2026-11-21T09:00:00.000Z"), raterType: "sme", raterId: "u1", taskId: "t-db", suiteId: "s-db", body: bodyOf(parentId, null) },
    });
    const created = await db().evalRecord.create({
      data: {
        evalId, createdAt: new Date("2026-11-21T10:00:00.000Z"), raterType: "sme", raterId: "u1",
        taskId: "t-db", suiteId: "s-db", derivedFrom: parentId, body: bodyOf(evalId, parentId),
      },
    });
    const read = await db().evalRecord.findUniqueOrThrow({ where: { evalId }, include: { parent: true, derivations: true } });
    expect(read).toMatchObject({ ...created, parent: { evalId: parentId }, derivations: [] });
    expect(read.storedAt).toBeInstanceOf(Date);
    const parent = await db().evalRecord.findUniqueOrThrow({ where: { evalId: parentId }, include: { derivations: true } });
    expect(parent.derivations.map((child) => child.evalId)).toEqual([evalId]);
  });
});
