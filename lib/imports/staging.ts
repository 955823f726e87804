// Bulk SQL for imports: staging accepted lines in batches, then moving them
// into `item` in one statement. One round trip per batch of 1,000 lines.
import "server-only";
import { bulkPool, type DbClient } from "@/lib/db";
import type { Item } from "@/lib/items/types";

export type StagedItem = { line: number; identity: string; body: Item };

export async function stageItems(importId: string, batch: StagedItem[]): Promise<void> {
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
