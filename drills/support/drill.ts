// What a drill is and what it reports. A drill runs against real processes
// (the built app, PostgreSQL, Chromium) and reports each case it tried with
// counts, so RELIABILITY.md shows figures rather than a pass/fail word.
import type { SetupName } from "@/process-tests/support/database-setups";

export type DrillCase = {
  /** What was tried, in a few words ("PostgreSQL restarted twice under load"). */
  name: string;
  /** How many attempts (requests, lines, payloads, pages) the case made. */
  tried: number;
  /** How many of them the app refused, as it should have (0 where refusing is not the point). */
  refused: number;
  /** Acknowledged work that is not stored. Anything above 0 fails the case. */
  lost: number;
  /** Work stored more than once. Anything above 0 fails the case. */
  duplicated: number;
  passed: boolean;
  /** One line: what was expected and what happened (status codes, messages). */
  detail: string;
};

export type DrillResult = {
  /** Extra figures for the report (markdown lines: timings, recovery times, versions). */
  figures?: string[];
  cases: DrillCase[];
};

export type DrillContext = {
  /** `npm run drills -- --full`: the long sizes. Otherwise the quick ones that CI runs. */
  full: boolean;
  /** How the app reaches its database in this run (drills that are not `everySetup` run on direct only). */
  setup: SetupName;
  log: (message: string) => void;
};

export type Drill = {
  /** Short id for `--only` ("faults", "bad-input"). */
  id: string;
  /** The heading in RELIABILITY.md ("1. Faults during load"). */
  title: string;
  /** What the drill does, in a sentence or two, for the report. */
  summary: string;
  /** false: runs only with --full (too long for CI). */
  quick: boolean;
  /** true: runs on each setup asked for (embedded, direct, PgBouncer); false: on the direct setup only. */
  everySetup: boolean;
  run: (context: DrillContext) => Promise<DrillResult>;
};

/** A case whose pass/fail follows from its counts and one extra condition. */
export function drillCase(fields: Omit<DrillCase, "passed"> & { ok?: boolean }): DrillCase {
  const { ok = true, ...rest } = fields;
  return { ...rest, passed: ok && rest.lost === 0 && rest.duplicated === 0 };
}
