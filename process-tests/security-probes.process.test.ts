// The security probes against the built app on each database setup: the
// access matrix from outside, bad and hostile input, sign-in under attack,
// suite integrity and the dependency audit. Each probe reports its cases with
// counts (drills/support/drill.ts); a failed case fails its test, naming it.
// Results are saved for RELIABILITY.md (written by `npm run drills`).
import { describe, expect, it } from "vitest";
import { SECURITY_DRILLS } from "@/drills/index";
import { saveDrillResult } from "@/drills/support/saved-results";
import type { DrillResult } from "@/drills/support/drill";
import { SETUP_NAMES } from "./support/database-setups";

const runs = SECURITY_DRILLS.flatMap((drill) =>
  SETUP_NAMES.filter((setup) => drill.everySetup || setup === "direct").map((setup) => ({ drill, setup })),
);

for (const { drill, setup } of runs)
  describe(`${drill.title} on the ${setup} setup`, () => {
    it("every case holds", { timeout: 900_000 }, async () => {
      const started = Date.now();
      let result: DrillResult;
      try {
        result = await drill.run({ full: false, setup, log: () => undefined });
      } catch (error) {
        // Saved as a failed case so the report shows it like the drill runner does.
        const message = error instanceof Error ? error.message : String(error);
        result = {
          cases: [
            {
              name: "the probe ran to its end",
              tried: 1,
              refused: 0,
              lost: 0,
              duplicated: 0,
              passed: false,
              detail: `threw: ${message.split("\n")[0]}`,
            },
          ],
        };
      }
      saveDrillResult({ id: drill.id, setup, seconds: (Date.now() - started) / 1000, result });
      expect(result.cases.length).toBeGreaterThan(0);
      expect(result.cases.filter((item) => !item.passed).map((item) => `${item.name}: ${item.detail}`)).toEqual([]);
    });
  });
