// The audit log: who did what, when, from where. Every area that changes
// something writes it through here (the only writer of audit_event); read by admins.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditAction } from "./actions";
import { storedUserAgent } from "./audit-statement";

export type { AuditAction };

export type RequestOrigin = { ipAddress: string | null; userAgent: string | null };

export async function recordAuditEvent(options: {
  action: AuditAction;
  actorId: string | null;
  subject?: string | null;
  origin?: RequestOrigin;
  details?: Prisma.InputJsonObject;
  client?: DbClient;
}): Promise<void> {
  await (options.client ?? db()).auditEvent.create({
    data: {
      action: options.action,
      actorId: options.actorId,
      subject: options.subject ?? null,
      ipAddress: options.origin?.ipAddress ?? null,
      userAgent: storedUserAgent(options.origin),
      details: options.details,
    },
  });
}

export type AuditEventView = {
  id: string;
  createdAt: Date;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  subject: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: unknown;
};

export async function listAuditEvents(options: { actor: Actor; before?: string | null; limit?: number }): Promise<{ events: AuditEventView[]; nextBefore: string | null }> {
  authorize(options.actor, "audit.read");
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
  const before = options.before && /^\d+$/.test(options.before) ? BigInt(options.before) : null;
  const rows = await db().auditEvent.findMany({
    where: before === null ? undefined : { id: { lt: before } },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const actorIds = [...new Set(rows.map((row) => row.actorId).filter((id): id is string => id !== null))];
  const actors = await db().user.findMany({ where: { id: { in: actorIds } }, select: { id: true, email: true } });
  const emailOf = new Map(actors.map((actor) => [actor.id, actor.email]));
  const page = rows.slice(0, limit);
  return {
    events: page.map((row) => ({
      id: row.id.toString(),
      createdAt: row.createdAt,
      action: row.action,
      actorId: row.actorId,
      actorEmail: row.actorId ? emailOf.get(row.actorId) ?? null : null,
      subject: row.subject,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      details: row.details,
    })),
    nextBefore: rows.length > limit ? page.at(-1)!.id.toString() : null,
  };
}

/** Each actor's newest audited act (sign-ins, ratings, changes), for the users table; actors without any are absent. */
export async function lastActivityByActor(options: { actorIds: string[] }): Promise<Map<string, Date>> {
  const rows = await db().$queryRaw<{ actor_id: string; at: Date }[]>`
    SELECT actor_id, max(created_at) AS at FROM audit_event WHERE actor_id = ANY(${options.actorIds}) GROUP BY actor_id`;
  return new Map(rows.map((row) => [row.actor_id, row.at]));
}
