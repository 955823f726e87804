// An import whose every line was refused ends as `refused`: nothing to decide, nothing staged.
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { rejection } from "@/lib/testing/rejection";
import { nativeItem } from "@/lib/testing/test-items";
import { createTestUser } from "@/lib/testing/test-users";
import { commitImport, createImport, discardImport, getImport, readImportFile } from "./service";

afterAll(() => db().$disconnect());

describe("a fully refused import", () => {
  it("ends as refused, audited, and can be neither imported nor discarded", async () => {
    const admin = await createTestUser(["admin"]);
    const created = await createImport({ actor: admin, input: { format: "items" } });
    const file = Readable.from(["not json\n", '{"also": "not an item"}\n', "[1, 2]\n"]);
    const read = await readImportFile({ actor: admin, importId: created.id, file });
    expect(read).toMatchObject({ status: "refused", accepted: 0, refused: 3, imported: null });
    expect(read.finishedAt).toBeInstanceOf(Date);
    expect(await getImport({ actor: admin, importId: created.id })).toMatchObject({ status: "refused" });
    expect(await db().importStagedItem.count({ where: { importId: created.id } })).toBe(0);
    expect(
      await db().auditEvent.count({
        where: { action: "items.import_refused", subject: created.id, actorId: admin.userId },
      }),
    ).toBe(1);
    expect((await rejection(commitImport({ actor: admin, importId: created.id }))).code).toBe("CONFLICT");
    expect((await rejection(discardImport({ actor: admin, importId: created.id }))).code).toBe("CONFLICT");
  });

  it("a file with one valid line still waits for the decision", async () => {
    const admin = await createTestUser(["admin"]);
    const created = await createImport({ actor: admin, input: { format: "items" } });
    const file = Readable.from([`${JSON.stringify(nativeItem(`one-valid-${Date.now()}`))}\nnot json\n`]);
    expect(await readImportFile({ actor: admin, importId: created.id, file })).toMatchObject({
      status: "awaiting_decision",
      accepted: 1,
      refused: 1,
    });
  });
});
