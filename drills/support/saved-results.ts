// Drill results kept between the tier that ran them and the report: the
// process tests save each security probe's result here, and `npm run drills`
// writes RELIABILITY.md from its own runs plus these.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SetupName } from "@/process-tests/support/database-setups";
import type { DrillResult } from "./drill";

export const SAVED_RESULTS_DIR = ".reports/drill-results";

export type SavedResult = { id: string; setup: SetupName; seconds: number; result: DrillResult };

export function saveDrillResult(saved: SavedResult, dir = SAVED_RESULTS_DIR): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${saved.id}--${saved.setup}.json`), JSON.stringify(saved));
}

export function readSavedResults(dir: string): SavedResult[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as SavedResult);
}
