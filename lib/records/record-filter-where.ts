// The record filter as a Prisma condition, for listings that combine it with
// the caller's visibility (lib/records/service.ts visibleTo).
import "server-only";
import { resolveStatusFilter } from "@/lib/adjudication/status-filter";
import { db } from "@/lib/db";
import { GOLD_TASKS_SQL, type RecordFilter } from "@/lib/export/record-filter";
import type { Prisma } from "@/lib/generated/prisma/client";

export async function recordFilterWhere(filter: RecordFilter): Promise<Prisma.EvalRecordWhereInput> {
  const conditions: Prisma.EvalRecordWhereInput[] = [];
  if (filter.suite_id !== undefined) conditions.push({ suiteId: filter.suite_id });
  if (filter.task_id?.length) conditions.push({ taskId: { in: filter.task_id } });
  if (filter.rater_type?.length) conditions.push({ raterType: { in: filter.rater_type } });
  if (filter.rater_id !== undefined) conditions.push({ raterId: filter.rater_id });
  if (filter.from !== undefined) conditions.push({ createdAt: { gte: new Date(filter.from) } });
  if (filter.to !== undefined) conditions.push({ createdAt: { lt: new Date(filter.to) } });
  if (filter.derived !== undefined) conditions.push({ derivedFrom: filter.derived ? { not: null } : null });
  if (filter.gold !== undefined) {
    // Gold items are a suite's configuration, few next to its records.
    const pairs = await db().$queryRawUnsafe<{ suite_key: string; task_id: string }[]>(
      `SELECT suite_key, task_id FROM (${GOLD_TASKS_SQL}) AS gold${filter.suite_id !== undefined ? " WHERE suite_key = $1" : ""}`,
      ...(filter.suite_id !== undefined ? [filter.suite_id] : []),
    );
    const gold: Prisma.EvalRecordWhereInput = {
      OR: pairs.map((pair) => ({ suiteId: pair.suite_key, taskId: pair.task_id })),
    };
    // Records without a suite are never gold (SQL's NOT would drop them on NULL).
    const notGold: Prisma.EvalRecordWhereInput = { OR: [{ suiteId: null }, { NOT: gold }] };
    conditions.push(filter.gold ? (pairs.length > 0 ? gold : { evalId: { in: [] } }) : pairs.length > 0 ? notGold : {});
  }
  const statusItems = await resolveStatusFilter(db(), filter);
  if (statusItems) {
    // The records the suite counts for those items (ratings, and the authoritative records).
    const counted = statusItems.suiteIds.map((suiteId, index) => ({ suiteId, itemId: statusItems.itemIds[index]! }));
    conditions.push(counted.length > 0 ? { countedIn: { some: { OR: counted } } } : { evalId: { in: [] } });
  }
  return { AND: conditions };
}
