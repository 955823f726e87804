// Which suite a record counts in, and through which flow. A record's
// task.suite_id is text its submitter chose, so suite statistics never read
// it: they read suite_record, which only the flows below write, in the same
// transaction as the record. Free-form records (POST /api/records) are counted
// in no suite. A correction of the item just submitted counts in place of the
// rating it supersedes (statistics read the view suite_rating).
import "server-only";
import type { DbClient } from "@/lib/db";

/** The suite flows whose records count in the suite's statistics (also the table's CHECK). */
export const SUITE_FLOWS = [
  "assignment",
  "share_link",
  "review",
  "judge_run",
  "prefill_import",
  "correction",
  "adjudication",
] as const;
export type SuiteFlow = (typeof SUITE_FLOWS)[number];

/** Passed to the record insert by a suite flow: the suite item the record rates. */
export type CountedIn =
  | { suiteId: string; itemId: string; flow: Exclude<SuiteFlow, "correction"> }
  | {
      suiteId: string;
      itemId: string;
      flow: "correction";
      /** the eval_id of the suite's rating this one replaces */ supersedes: string;
    };

/** suite_record rows for many records at once (prefill imports); one record's row is stored with it (insert-record.ts). */
export async function countRecordsInSuite(
  client: DbClient,
  rows: { evalId: string; countedIn: Exclude<CountedIn, { flow: "correction" }> }[],
): Promise<void> {
  if (rows.length === 0) return;
  await client.suiteRecord.createMany({
    data: rows.map(({ evalId, countedIn }) => ({
      suiteId: countedIn.suiteId,
      itemId: countedIn.itemId,
      evalId,
      flow: countedIn.flow,
      supersedes: null,
    })),
  });
}
