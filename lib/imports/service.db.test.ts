// Imports against a real, migrated PostgreSQL: staging, the decision to import
// the valid lines, idempotent re-imports and failures that leave nothing behind.
import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { importTestItems, jsonl, nativeItem } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { commitImport, createImport, discardImport, getImport, getImportReport, readImportFile } from "./service";

const FIXTURES = path.join(import.meta.dirname, "fixtures");
let admin: TestUser;
let rater: TestUser;
beforeAll(async () => {
  [admin, rater] = await Promise.all([createTestUser(["admin"]), createTestUser(["rater"])]);
});
afterAll(() => db().$disconnect());

const itemsOf = (importId: string) => db().item.count({ where: { importId } });

describe("importing a file", () => {
  it("commits a file without refused lines at once, and a second import of it adds nothing", async () => {
    const first = await createImport({ actor: admin, input: { format: "gage", system_under_test: "Gage Model" } });
    const done = await readImportFile({
      actor: admin,
      importId: first.id,
      file: createReadStream(path.join(FIXTURES, "gage-samples.jsonl")),
    });
    const report = await getImportReport({ actor: admin, importId: first.id });
    expect(report.errors).toEqual(expect.any(Array));
    if (done.refused > 0) {
      expect(done.status).toBe("awaiting_decision");
      await commitImport({ actor: admin, importId: first.id });
    }
    const committed = await getImport({ actor: admin, importId: first.id });
    expect(committed).toMatchObject({ status: "committed", imported: committed.accepted, alreadyPresent: 0 });
    expect(await itemsOf(first.id)).toBe(committed.accepted);

    const again = await createImport({ actor: admin, input: { format: "gage", system_under_test: "Gage Model" } });
    await readImportFile({
      actor: admin,
      importId: again.id,
      file: createReadStream(path.join(FIXTURES, "gage-samples.jsonl")),
    });
    if ((await getImport({ actor: admin, importId: again.id })).status === "awaiting_decision")
      await commitImport({ actor: admin, importId: again.id });
    expect(await getImport({ actor: admin, importId: again.id })).toMatchObject({
      status: "committed",
      imported: 0,
      alreadyPresent: committed.accepted,
    });
    expect(await itemsOf(again.id)).toBe(0);
  });

  it("keeps the valid lines of a file with refused lines invisible until the admin imports them", async () => {
    const created = await createImport({ actor: admin, input: { format: "eee" } });
    const read = await readImportFile({
      actor: admin,
      importId: created.id,
      file: createReadStream(path.join(FIXTURES, "eee-variants.jsonl")),
    });
    expect(read.status).toBe("awaiting_decision");
    expect(read.refused).toBeGreaterThan(0);
    expect(read.accepted).toBeGreaterThan(0);
    expect(await itemsOf(created.id)).toBe(0);
    const report = await getImportReport({ actor: admin, importId: created.id });
    expect(report.errors.length).toBeGreaterThanOrEqual(read.refused);
    expect(report.errors[0]).toMatchObject({
      line: expect.any(Number),
      rule: expect.any(String),
      field: expect.any(String),
      message: expect.any(String),
    });

    const committed = await commitImport({ actor: admin, importId: created.id });
    expect(committed).toMatchObject({ status: "committed", imported: read.accepted });
    expect(await itemsOf(created.id)).toBe(read.accepted);
    expect(await db().importStagedItem.count({ where: { importId: created.id } })).toBe(0);
    expect((await rejection(commitImport({ actor: admin, importId: created.id }))).code).toBe("CONFLICT");
    expect(await db().auditEvent.count({ where: { action: "items.imported", subject: created.id } })).toBe(1);
  });

  it("refuses only the line holding a NUL or an unpaired surrogate, naming its line and field, and imports the rest", async () => {
    const prefix = `nul-${Date.now()}`;
    const lines = [0, 1, 2, 3].map((index) => JSON.stringify(nativeItem(`${prefix}-${index}`)));
    lines[1] = lines[1]!.replace(`Prompt of ${prefix}-1`, String.raw`Prompt\u0000 of`);
    lines[2] = lines[2]!.replace(`Answer to ${prefix}-2`, String.raw`Answer \uD800 to`);
    const created = await createImport({ actor: admin, input: { format: "items" } });
    const read = await readImportFile({
      actor: admin,
      importId: created.id,
      file: Readable.from([lines.join("\n") + "\n"]),
    });
    expect(read).toMatchObject({ status: "awaiting_decision", accepted: 2, refused: 2 });
    const report = await getImportReport({ actor: admin, importId: created.id });
    expect(
      (report.errors as { line: number; rule: string; field: string }[]).map((error) => [
        error.line,
        error.rule,
        error.field,
      ]),
    ).toEqual([
      [2, "storableText", "/task/prompt"],
      [3, "storableText", "/transcript/messages/1/content/0/text"],
    ]);
    expect(await commitImport({ actor: admin, importId: created.id })).toMatchObject({
      status: "committed",
      imported: 2,
    });
  });

  it("discarding leaves nothing behind", async () => {
    const created = await createImport({ actor: admin, input: { format: "items" } });
    await readImportFile({
      actor: admin,
      importId: created.id,
      file: createReadStream(path.join(FIXTURES, "items.jsonl")),
    });
    const discarded = await discardImport({ actor: admin, importId: created.id });
    expect(discarded.status).toBe("discarded");
    expect(await itemsOf(created.id)).toBe(0);
    expect(await db().importStagedItem.count({ where: { importId: created.id } })).toBe(0);
  });

  it("a file over the size limit fails with 413 and stores nothing", async () => {
    const created = await createImport({ actor: admin, input: { format: "items" } });
    const items = Array.from({ length: 3000 }, (_, index) => nativeItem(`big-${created.id}-${index}`));
    const error = await rejection(
      readImportFile({ actor: admin, importId: created.id, file: jsonl(items), maxBytes: 100_000 }),
    );
    expect(error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await getImport({ actor: admin, importId: created.id })).toMatchObject({
      status: "failed",
      failure: expect.stringContaining("100000 bytes"),
    });
    expect(await db().importStagedItem.count({ where: { importId: created.id } })).toBe(0);
    expect(await itemsOf(created.id)).toBe(0);
  });

  it("an upload that breaks off marks the import failed and stores nothing", async () => {
    const created = await createImport({ actor: admin, input: { format: "items" } });
    const lines = Array.from(
      { length: 2500 },
      (_, index) => `${JSON.stringify(nativeItem(`cut-${created.id}-${index}`))}\n`,
    );
    const broken = Readable.from(
      (async function* () {
        yield* lines;
        throw new Error("connection reset");
      })(),
    );
    await readImportFile({ actor: admin, importId: created.id, file: broken }).catch(() => undefined);
    expect(await getImport({ actor: admin, importId: created.id })).toMatchObject({ status: "failed" });
    expect(await db().importStagedItem.count({ where: { importId: created.id } })).toBe(0);
    expect(await itemsOf(created.id)).toBe(0);
  });

  it("only admins import", async () => {
    expect((await rejection(createImport({ actor: rater, input: { format: "items" } }))).code).toBe("FORBIDDEN");
    const { importId } = await importTestItems(admin, 2);
    expect((await rejection(getImport({ actor: rater, importId }))).code).toBe("FORBIDDEN");
  });

  it("answers a real id exactly like an unknown one for someone who may not see it", async () => {
    const { importId } = await importTestItems(admin, 1);
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const read of [getImport, getImportReport]) {
      const [real, none] = await Promise.all([
        rejection(read({ actor: rater, importId })),
        rejection(read({ actor: rater, importId: unknown })),
      ]);
      expect([real.code, real.message]).toEqual([none.code, none.message]);
    }
  });

  it("names the field of a bad import request", async () => {
    const error = await rejection(createImport({ actor: admin, input: { format: "csv" } }));
    expect(error.issues[0]).toMatchObject({ path: "/format", rule: "invalid_value" });
  });
});
