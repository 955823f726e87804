// An import whose server died while reading its file, against a real, migrated
// PostgreSQL: what the dead server leaves behind (status reading, staged lines,
// no heartbeat) is shown as interrupted, never reaches `item`, and is swept by
// the next import, which then imports the file in full.
import * as testDatabases from "@/lib/testing/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { IMPORT_STALE_MS, INTERRUPTED_FAILURE } from "./interrupted";
import { createImport, getImport, listImports, readImportFile } from "./service";

// A database of its own: its sweeps act on every interrupted import in the database, and test files run side by side (vitest.config.ts).
const database = await testDatabases.createTestDatabase("interrupted");
testDatabases.useDatabaseInThisFile(database);

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(async () => {
  await db().$disconnect();
  await database.drop();
});

/** The rows a server killed half-way through reading leaves: the import still reading, some lines staged, its last heartbeat `silentMs` ago. */
async function deadReader(items: ReturnType<typeof nativeItem>[], silentMs: number): Promise<string> {
  const created = await createImport({ actor: admin, input: { format: "items" } });
  await db().importStagedItem.createMany({
    data: items.map((item, index) => ({
      importId: created.id,
      line: index + 1,
      identity: `dead-${item.task.task_id}`,
      body: item as object,
    })),
  });
  await db().itemImport.update({
    where: { id: created.id },
    data: { linesRead: items.length, accepted: items.length, updatedAt: new Date(Date.now() - silentMs) },
  });
  return created.id;
}

describe("an import interrupted while reading", () => {
  it("is shown as interrupted once its heartbeat is stale", async () => {
    const tag = Math.random().toString(36).slice(2);
    const importId = await deadReader(
      [nativeItem(`int-${tag}-1`), nativeItem(`int-${tag}-2`)],
      IMPORT_STALE_MS + 5_000,
    );
    expect(await getImport({ actor: admin, importId })).toMatchObject({
      status: "interrupted",
      failure: INTERRUPTED_FAILURE,
      imported: null,
    });
    expect((await listImports({ actor: admin })).find((row) => row.id === importId)?.status).toBe("interrupted");
    expect(await db().item.count({ where: { importId } })).toBe(0);
    // A live one (heartbeat a moment ago) is still reading.
    const liveId = await deadReader([nativeItem(`int-${tag}-3`)], 1_000);
    expect((await getImport({ actor: admin, importId: liveId })).status).toBe("reading");
  });

  it("is swept by the next import (failed, staged lines removed), and importing the file again brings every item in once", async () => {
    const tag = Math.random().toString(36).slice(2);
    const items = Array.from({ length: 5 }, (_, index) => nativeItem(`sweep-${tag}-${index}`));
    const deadId = await deadReader(items.slice(0, 3), IMPORT_STALE_MS + 5_000);
    const again = await createImport({ actor: admin, input: { format: "items" } });
    expect(
      await db().itemImport.findUniqueOrThrow({ where: { id: deadId }, select: { status: true, failure: true } }),
    ).toEqual({ status: "failed", failure: INTERRUPTED_FAILURE });
    expect(await db().importStagedItem.count({ where: { importId: deadId } })).toBe(0);
    const done = await readImportFile({ actor: admin, importId: again.id, file: jsonl(items) });
    expect(done).toMatchObject({ status: "committed", imported: 5, alreadyPresent: 0 });
    expect(await db().item.count({ where: { taskId: { in: items.map((item) => item.task.task_id) } } })).toBe(5);
  });
});
