// Many realistic records at once, for the records browser's tests and benchmark
// (test data, kept here because lib/records/ alone writes eval_record):
// each body is a valid chat record (lib/aif/sample-drafts) varying the rater,
// scores, system, hazard verdict and rationale, stored through the one record
// INSERT (eval-record-row.ts) a batch at a time, so 100,000 records take seconds.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { chatDraft } from "@/lib/aif/sample-drafts";
import type { AifRecord } from "@/lib/aif/types";
import { evalRecordRow, insertEvalRecords, sqlOn, type EvalRecordRow } from "./eval-record-row";

export type SeedOptions = {
  count: number;
  /** task.suite_id of the records (one key per test keeps tests apart); several are taken in turn. */
  suiteKey: string | string[];
  /** Users (app_user.id) who rated, taken in turn. */
  raterIds: string[];
  /** Records are created one second apart, the newest at this instant. */
  newest?: Date;
  /** Words drawn into the rationales (record n gets word n mod length). */
  words?: string[];
  /** Systems under test, taken in turn. */
  systems?: string[];
  /** task.task_id of every record (default: task-<n mod 1000>). */
  taskId?: string;
};

const TEMPLATE = { schema_version: "1.0.0", ...chatDraft() } as AifRecord;
// Rows per INSERT: a batch of bodies stays a few megabytes of parameters.
const BATCH = 2000;

/** Inserts the records; record n (0-based) has helpfulness 1 + n mod 5 and is violating (hate) when n mod 7 = 0. */
export async function seedRecords(pool: pg.Pool | pg.PoolClient, options: SeedOptions): Promise<void> {
  const words = options.words ?? ["concise", "padded", "accurate", "evasive", "verbose"];
  const systems = options.systems ?? ["Acme Assistant via API", "Globex Chat", "Initech Bot"];
  const suites = [options.suiteKey].flat();
  const newest = (options.newest ?? new Date()).getTime();
  const taken = <T>(list: T[], n: number) => list[n % list.length]!;
  for (let start = 0; start < options.count; start += BATCH) {
    const rows: EvalRecordRow[] = [];
    for (let n = start; n < Math.min(options.count, start + BATCH); n += 1) {
      const raterId = taken(options.raterIds, n);
      const record: AifRecord = {
        ...TEMPLATE,
        eval_id: randomUUID(),
        created_at: new Date(newest - n * 1000).toISOString(),
        rater: { type: "human", id: raterId },
        task: { ...TEMPLATE.task, task_id: options.taskId ?? `task-${n % 1000}`, suite_id: taken(suites, n) },
        subject: { ...TEMPLATE.subject, system_under_test: taken(systems, n) },
        universal: {
          ...TEMPLATE.universal,
          helpfulness: {
            score: 1 + (n % 5),
            confidence: "high",
            rationale: `The answer was ${taken(words, n)} for record ${n}`,
          },
        },
        safety:
          n % 7 === 0
            ? { is_violating_any: true, hate: { verdict: "violating", severity: 1, evidence: "a slur in line 2" } }
            : { is_violating_any: false, hate: { verdict: "non_violating" } },
      } as AifRecord;
      rows.push(evalRecordRow(record, raterId));
    }
    await insertEvalRecords(sqlOn(pool), rows, { existing: "refuse" });
  }
}
