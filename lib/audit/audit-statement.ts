// The audit_event insert as SQL text, for the one writer that must store its
// event inside a single plain-SQL statement (a submitted record: record, event
// and idempotency key in one round trip, lib/records/insert-record.ts). Kept
// here so audit_event has one owner: its columns are spelled only in lib/audit.
import "server-only";
import type { AuditAction, RequestOrigin } from "./service";

/** The user agent as stored: long ones are cut, so a hostile header cannot bloat the log. */
export function storedUserAgent(origin: RequestOrigin | undefined): string | null {
  return origin?.userAgent?.slice(0, 400) ?? null;
}

/**
 * `INSERT INTO audit_event … SELECT … FROM <source>`, to use as a data-modifying
 * CTE. Every argument but `action` is SQL text the caller owns (a `$n`
 * placeholder or a column of `from`); `action` is a known literal, never input.
 */
export function auditInsertSelect(options: {
  action: AuditAction;
  actorId: string;
  subject: string;
  ipAddress: string;
  userAgent: string;
  from: string;
}): string {
  if (!/^[a-z_.]+$/.test(options.action)) throw new Error(`not an audit action: ${options.action}`);
  return `INSERT INTO audit_event (actor_id, action, subject, ip_address, user_agent)
        SELECT ${options.actorId}, '${options.action}', ${options.subject}, ${options.ipAddress}, ${options.userAgent} FROM ${options.from}`;
}
