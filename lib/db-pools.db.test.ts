// The pools survive PostgreSQL closing an idle connection (a restart): pg-pool
// reports that as an 'error' event, which ends the process when nobody listens.
// The faults drill (drills/faults) shows the recovery against a real restart.
import { afterAll, describe, expect, it } from "vitest";
import { bulkPool, db, exportPool } from "@/lib/db";

afterAll(async () => {
  await Promise.all([bulkPool().end(), exportPool().end(), db().$disconnect()]);
});

describe("database pools", () => {
  it("take an idle connection's error without throwing, and serve the next query", async () => {
    for (const pool of [bulkPool(), exportPool()]) {
      const lost = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
      expect(() => pool.emit("error", lost)).not.toThrow();
      const { rows } = await pool.query<{ one: number }>("SELECT 1 AS one");
      expect(rows).toEqual([{ one: 1 }]);
    }
  });
});
