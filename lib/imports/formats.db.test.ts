// The database's CHECK on item_import.format against the registry: a new
// format in lib/imports/formats.ts needs a migration widening the CHECK, and
// this test names it rather than letting the first import fail at run time.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { IMPORT_FORMAT_IDS } from "./formats";

afterAll(() => db().$disconnect());

describe("item_import.format CHECK", () => {
  it("allows exactly the registry's formats", async () => {
    const [row] = await db().$queryRaw<{ definition: string }[]>`
      SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'item_import_format_known'`;
    expect(row, "constraint item_import_format_known").toBeDefined();
    const allowed = [...row!.definition.matchAll(/'([^']+)'::text/g)].map((match) => match[1]);
    expect(allowed.sort(), "write a migration that sets item_import_format_known to the formats of lib/imports/formats.ts")
      .toEqual([...IMPORT_FORMAT_IDS].sort());
  });
});
