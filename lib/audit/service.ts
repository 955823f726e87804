// The audit log: who did what, when, from where. Every area that changes
// something writes it through here (the only writer of audit_event); read by admins.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { storedUserAgent } from "./audit-statement";

export type AuditAction =
  | "auth.sign_in"
  | "auth.sign_in_failed"
  | "auth.sign_in_throttled"
  | "auth.sign_out"
  | "user.invited"
  | "user.joined"
  | "user.roles_changed"
  | "user.disabled"
  | "user.enabled"
  | "user.created"
  | "record.submitted"
  | "assignment.skipped"
  | "record.corrected"
  | "token.created"
  | "token.revoked"
  | "items.imported"
  | "items.import_discarded"
  | "suite.created"
  | "suite.updated"
  | "share_link.created"
  | "share_link.revoked"
  | "prefills.imported"
  | "judge_run.started"
  | "judge_run.cancelled"
  | "records.exported"
  | "records.imported"
  | "item.adjudicated";

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
