// Bulk SQL for imports: staging accepted lines in batches, reading them back
// in batches, and moving staged items into `item` in one statement. One round
// trip per batch of 1,000 lines.
import "server-only";
import { bulkPool, type DbClient } from "@/lib/db";

/** An accepted line waiting for the decision: an item, a record, or a prefill (its record and item). */
export type StagedLine = { line: number; identity: string; body: unknown };

export async function stageLines(importId: string, batch: StagedLine[]): Promise<void> {
  await bulkPool().query(
    `INSERT INTO import_staged_item (import_id, line, identity, body)
     SELECT $1::uuid, s.line, s.identity, s.body
     FROM jsonb_to_recordset($2::jsonb) AS s(line int, identity text, body jsonb)`,
    [importId, JSON.stringify(batch)],
  );
}

/** Moves the staged lines into `item`; items already present are skipped. Returns how many were inserted. */
export async function commitStagedItems(client: DbClient, importId: string): Promise<number> {
  const inserted = await client.$executeRaw`
    INSERT INTO item (identity, task_id, source_suite_id, system_under_test, modality, is_gold, body, import_id, import_line)
    SELECT s.identity,
           s.body #>> '{task,task_id}',
           s.body #>> '{task,suite_id}',
           s.body #>> '{subject,system_under_test}',
           s.body #>> '{task,modality}',
           coalesce(s.body #>> '{task,gold_item_id}', '') <> '',
           s.body, s.import_id, s.line
    FROM import_staged_item s
    WHERE s.import_id = ${importId}::uuid
    ORDER BY s.line
    ON CONFLICT (identity) DO NOTHING`;
  await client.importStagedItem.deleteMany({ where: { importId } });
  return inserted;
}

/** The staged lines of an import in line order, a batch at a time (keyset on line). */
export async function* stagedBatches(
  client: DbClient,
  importId: string,
  size = 1000,
): AsyncGenerator<{ line: number; body: unknown }[]> {
  let after = 0;
  for (;;) {
    const batch = await client.importStagedItem.findMany({
      where: { importId, line: { gt: after } },
      orderBy: { line: "asc" },
      take: size,
      select: { line: true, body: true },
    });
    if (batch.length === 0) return;
    yield batch;
    after = batch.at(-1)!.line;
  }
}
