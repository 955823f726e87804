// The audit log: who did what, when, from where. Every area that changes
// something writes it through here (the only writer of audit_event); read by admins.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditAction } from "./actions";
import { auditFilterWhere, type AuditFilter } from "./audit-filter";
import { subjectIsUser, subjectPath } from "./subject-link";
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
  /** The actor's display name. */
  actorName: string | null;
  subject: string | null;
  /** The display name when the subject is a user's id. */
  subjectName: string | null;
  /** The subject's page in the app, when it has one (./subject-link.ts). */
  subjectPath: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: unknown;
};

/** A page of the log, newest first, narrowed by the filter (./audit-filter.ts). */
export async function listAuditEvents(options: {
  actor: Actor;
  before?: string | null;
  limit?: number;
  filter?: AuditFilter;
}): Promise<{ events: AuditEventView[]; nextBefore: string | null }> {
  authorize(options.actor, "audit.read");
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 500);
  const before = options.before && /^\d+$/.test(options.before) ? BigInt(options.before) : null;
  const rows = await db().auditEvent.findMany({
    where: { ...auditFilterWhere(options.filter ?? {}), ...(before === null ? {} : { id: { lt: before } }) },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const userIds = new Set<string>();
  for (const row of page) {
    if (row.actorId) userIds.add(row.actorId);
    if (row.subject && subjectIsUser(row.action)) userIds.add(row.subject);
  }
  const users = await db().user.findMany({
    where: { id: { in: [...userIds] } },
    select: { id: true, email: true, name: true },
  });
  const userOf = new Map(users.map((user) => [user.id, user]));
  return {
    events: page.map((row) => {
      const subjectName = row.subject && subjectIsUser(row.action) ? (userOf.get(row.subject)?.name ?? null) : null;
      const actor = row.actorId ? userOf.get(row.actorId) : undefined;
      return {
        id: row.id.toString(),
        createdAt: row.createdAt,
        action: row.action,
        actorId: row.actorId,
        actorEmail: actor?.email ?? null,
        actorName: actor?.name ?? null,
        subject: row.subject,
        subjectName,
        subjectPath: subjectPath(row.action, row.subject, subjectName),
        ipAddress: row.ipAddress,
        userAgent: row.userAgent,
        details: row.details,
      };
    }),
    nextBefore: rows.length > limit ? page.at(-1)!.id.toString() : null,
  };
}

/** Everyone who may appear as an actor, by display name, for the log's actor filter. */
export async function listAuditActors(options: { actor: Actor }): Promise<{ id: string; name: string }[]> {
  authorize(options.actor, "audit.read");
  return db().user.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}

/** Each actor's newest audited act (sign-ins, ratings, changes), for the users table; actors without any are absent. */
export async function lastActivityByActor(options: { actorIds: string[] }): Promise<Map<string, Date>> {
  const rows = await db().$queryRaw<{ actor_id: string; at: Date }[]>`
    SELECT actor_id, max(created_at) AS at FROM audit_event WHERE actor_id = ANY(${options.actorIds}) GROUP BY actor_id`;
  return new Map(rows.map((row) => [row.actor_id, row.at]));
}
