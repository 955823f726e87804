// How many records each user submitted, for the users table (lib/users/user-table.ts).
import "server-only";
import { db } from "@/lib/db";

/** Submitted records per user id; users without any are absent. */
export async function ratingsCountByUser(options: { userIds: string[] }): Promise<Map<string, number>> {
  const rows = await db().evalRecord.groupBy({
    by: ["submittedById"],
    where: { submittedById: { in: options.userIds } },
    _count: { _all: true },
  });
  return new Map(rows.flatMap((row) => (row.submittedById ? [[row.submittedById, row._count._all] as const] : [])));
}
