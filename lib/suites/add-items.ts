// Adding items to a suite that may already be running (issue 35 §4): the new
// items get the suite's overlap k (k slots each) and keep their gold flag, so
// the gold share rule (lib/queues/next-item.ts wantsGold) goes on handing gold
// at the same rate; they are placed after every item already there (raters'
// progress and positions stay), shuffled among themselves as a new suite is.
// Items already in the suite are left alone and counted. Audited with the
// item counts before and after.
import "server-only";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import { settingChanges } from "@/lib/audit/setting-changes";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { AddSuiteItemsInput } from "./validation";

export type AddedItems = { added: number; alreadyInSuite: number; goldAdded: number; items: number };

const INVALID = "The items to add are not valid";

export async function addItemsToSuite(options: {
  actor: Actor;
  suiteId: string;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<AddedItems> {
  authorize(options.actor, "suites.manage");
  const input = parseInput(AddSuiteItemsInput, options.input, INVALID);
  if (!isUuid(options.suiteId)) throw new AppError("NOT_FOUND", "No suite with this id");
  const source = input.source_suite_id ?? "";
  return db().$transaction(async (tx) => {
    // The suite's row is locked: two admins adding at once get positions one after the other.
    const [suite] = await tx.$queryRaw<{ overlap_k: number; archived: boolean }[]>`
      SELECT overlap_k, archived_at IS NOT NULL AS archived FROM suite WHERE id = ${options.suiteId}::uuid FOR UPDATE`;
    if (!suite) throw new AppError("NOT_FOUND", "No suite with this id");
    if (suite.archived)
      throw new AppError("CONFLICT", "This suite is archived: unarchive it before adding items to it");
    const [before] = await tx.$queryRaw<{ items: bigint; gold: bigint; last: number | null }[]>`
      SELECT count(*) AS items, count(*) FILTER (WHERE is_gold) AS gold, max(position)::int AS last
      FROM suite_item WHERE suite_id = ${options.suiteId}::uuid`;
    const rows = await tx.$queryRaw<{ id: string; is_gold: boolean; in_suite: boolean }[]>`
      SELECT i.id, i.is_gold,
             EXISTS (SELECT 1 FROM suite_item si WHERE si.suite_id = ${options.suiteId}::uuid AND si.item_id = i.id) AS in_suite
      FROM item i
      WHERE i.import_id = ANY(${input.import_ids}::uuid[]) OR i.id = ANY(${input.item_ids}::uuid[])
         OR (${source} <> '' AND i.source_suite_id = ${source})`;
    if (rows.length === 0)
      throw new AppError("INVALID_INPUT", INVALID, [
        {
          path: "/import_ids",
          rule: "hasItems",
          message: "the chosen imports, source suite id and items hold no items",
        },
      ]);
    const fresh = rows.filter((row) => !row.in_suite);
    const offset = before!.last ?? 0;
    if (fresh.length > 0)
      await tx.$executeRaw`
        INSERT INTO suite_item (suite_id, item_id, position, is_gold, slots_left)
        SELECT ${options.suiteId}::uuid, i.id, ${offset}::int + row_number() OVER (ORDER BY md5(i.id::text || ${options.suiteId})),
               i.is_gold, ${suite.overlap_k}::int
        FROM item i WHERE i.id = ANY(${fresh.map((row) => row.id)}::uuid[])`;
    const result: AddedItems = {
      added: fresh.length,
      alreadyInSuite: rows.length - fresh.length,
      goldAdded: fresh.filter((row) => row.is_gold).length,
      items: Number(before!.items) + fresh.length,
    };
    await recordAuditEvent({
      action: "suite.items_added",
      actorId: options.actor.userId,
      subject: options.suiteId,
      origin: options.origin,
      details: {
        ...settingChanges(
          { items: Number(before!.items), gold_items: Number(before!.gold) },
          { items: result.items, gold_items: Number(before!.gold) + result.goldAdded },
        ),
        added: result.added,
        already_in_suite: result.alreadyInSuite,
        from: {
          import_ids: input.import_ids,
          ...(source ? { source_suite_id: source } : {}),
          ...(input.item_ids.length > 0 ? { item_ids: input.item_ids.length } : {}),
        },
      },
      client: tx,
    });
    return result;
  });
}
