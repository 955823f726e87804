// The status lists of lib/statuses.ts and the database's CHECK constraints
// hold the same values: a status added on one side only fails here, not at run time.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { STATUS_CHECKS } from "./statuses";

afterAll(() => db().$disconnect());

/** The quoted literals of a CHECK's definition, e.g. "CHECK (status = ANY (ARRAY['a'::text, 'b'::text]))". */
function literalsOf(definition: string): string[] {
  return [...definition.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
}

describe("status lists ↔ CHECK constraints", () => {
  for (const check of STATUS_CHECKS) {
    const column = "column" in check ? check.column : "status";
    it(`${check.table}.${column}: ${check.constraint} allows exactly ${check.values.join(", ")}`, async () => {
      const [row] = await db().$queryRaw<{ definition: string }[]>`
        SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
        WHERE c.conname = ${check.constraint} AND c.conrelid = ${check.table}::regclass`;
      expect(row, `constraint ${check.constraint} on ${check.table}`).toBeDefined();
      expect(row!.definition).toMatch(new RegExp(`\\b${column}\\b`));
      expect(literalsOf(row!.definition).sort()).toEqual([...check.values].sort());
    });
  }
});
