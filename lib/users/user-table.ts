// The users table of the admin page: each user with their last activity and
// how many ratings they submitted, read in four queries whatever the count.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { lastActivityByActor } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { ratingsCountByUser } from "@/lib/records/ratings-count";
import { listUsers, type UserView } from "./service";

export type UserRow = UserView & { lastActiveAt: Date | null; ratingsCount: number };

export async function listUserRows(options: { actor: Actor }): Promise<UserRow[]> {
  authorize(options.actor, "users.manage");
  const users = await listUsers({ actor: options.actor });
  const ids = users.map((user) => user.id);
  // Last activity: the newest audited act, or a session's last refresh when that is newer (browsing is not audited).
  const [lastAct, sessions, ratingsOf] = await Promise.all([
    lastActivityByActor({ actorIds: ids }),
    db().session.groupBy({ by: ["userId"], where: { userId: { in: ids } }, _max: { updatedAt: true } }),
    ratingsCountByUser({ userIds: ids }),
  ]);
  const lastSession = new Map(sessions.map((row) => [row.userId, row._max.updatedAt]));
  return users.map((user) => {
    const times = [lastAct.get(user.id), lastSession.get(user.id)].filter((time): time is Date => time instanceof Date);
    const lastActiveAt = times.length > 0 ? new Date(Math.max(...times.map((time) => time.getTime()))) : null;
    return { ...user, lastActiveAt, ratingsCount: ratingsOf.get(user.id) ?? 0 };
  });
}
