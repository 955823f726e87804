// The database's CHECK on item_import.format: only the shape of a format id
// (the list lives in lib/imports/formats.ts, so a new format needs no
// migration); every registry format is accepted, and a malformed one refused.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { IMPORT_FORMAT_IDS } from "./formats";

afterAll(() => db().$disconnect());

describe("item_import.format CHECK", () => {
  it("accepts every registry format's id and refuses one of another shape", async () => {
    const [row] = await db().$queryRaw<{ definition: string }[]>`
      SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'item_import_format_known'`;
    expect(row, "constraint item_import_format_known").toBeDefined();
    const shape = row!.definition.match(/'(\^[^']+\$)'/)?.[1];
    expect(shape, row!.definition).toBeDefined();
    for (const id of IMPORT_FORMAT_IDS) expect(id).toMatch(new RegExp(shape!));
    const [checked] = await db().$queryRaw<
      { ok: boolean; bad: boolean }[]
    >`SELECT 'eee' ~ ${shape} AS ok, 'EEE; DROP' ~ ${shape} AS bad`;
    expect(checked).toEqual({ ok: true, bad: false });
  });
});
