// The work-item engine: what every kind of held, drafted and submitted work
// (assignments, review tasks, and the adjudication and pairwise items to come)
// does the same way. A kind says which table and statuses (WorkItemKind); the
// caller says who may touch a row (`access`, an SQL condition on alias `w`)
// and what a submit stores. The engine owns the hold, the versioned draft
// (a save based on a stale version changes nothing and answers CONFLICT with
// the newer draft) and the submit skeleton (lock, replay a repeated submit,
// store, close) — the rules that must not drift between kinds.
import "server-only";
import { db, type DbClient } from "@/lib/db";
import { sqlTransaction, type PgTransaction, type SqlClient } from "@/lib/sql-transaction";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { parseStatus } from "@/lib/statuses";
import { reportedActiveMs } from "./active-time";
import { draftToSave } from "./draft-input";
import type { WorkItemKind } from "./kind";

/** Who may touch a row: an SQL condition on the work item's alias `w` (and the suite `s` where joined). */
export type WorkItemAccess = Prisma.Sql;

export type SavedDraft = { version: number; savedAt: Date };

/** What a caller knows of the row when a save was refused. */
export type CurrentDraft = { status: string; draftVersion: number; draft: unknown };

export type SubmitOutcome<Result> =
  { alreadySubmitted: true; resultId: string } | ({ alreadySubmitted: false; resultId: string } & Result);

// A kind's names are constants, but they reach SQL unescaped: refuse anything but a plain identifier.
function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL identifier: ${JSON.stringify(name)}`);
  return `"${name}"`;
}
const table = (kind: WorkItemKind) => Prisma.raw(identifier(kind.table));
const column = (name: string) => Prisma.raw(`w.${identifier(name)}`);
const bare = (name: string) => Prisma.raw(identifier(name));

/**
 * SET clauses adding the active time a page reported with a save or submit: at most the time since the last
 * count (plus a few seconds for the request itself), so no page can report more time than passed; the count
 * restarts now. On alias `w`.
 */
function addActiveTime(reported: number): Prisma.Sql {
  return Prisma.sql`active_ms = least(2147483647, w.active_ms::bigint + least(${reported}::bigint,
           greatest(0, floor(extract(epoch from now() - w.active_counted_at) * 1000)::bigint + ${ACTIVE_SLACK_MS}::bigint)))::int,
         active_counted_at = now()`;
}
const ACTIVE_SLACK_MS = 5_000;

export function workItemNotFound(kind: WorkItemKind): AppError {
  return new AppError("NOT_FOUND", kind.notFoundMessage);
}

/**
 * Holds the item for `holdSeconds` from now (a claim, or a resumed hold). The
 * caller has decided it may: claiming is where kinds differ (overlap k, gold
 * share, first-come for SMEs).
 */
export async function holdWorkItem(
  client: SqlClient,
  kind: WorkItemKind,
  options: { id: string; holdSeconds: number },
): Promise<void> {
  // The active-time count starts afresh: time the page spent before a reload (a resume) is not claimable.
  await client.$executeRaw`UPDATE ${table(kind)} SET held_until = now() + make_interval(secs => ${options.holdSeconds}), active_counted_at = now() WHERE ${bare(kind.idColumn)} = ${options.id}::uuid`;
}

/**
 * Saves a draft if the row is the caller's, still being worked, and at
 * `baseVersion`; the version goes up by one and the hold is extended to the
 * suite's hold time. Null when nothing was saved: the caller reads the row
 * and answers with draftNotSaved (or a conflict of its own).
 */
export async function saveWorkItemDraft(
  client: DbClient,
  kind: WorkItemKind,
  options: {
    id: string;
    access: WorkItemAccess;
    draft: unknown;
    baseVersion: unknown;
    /** Milliseconds the page was visible, focused and in use since its last save (what it reports). */
    activeMs?: unknown;
    /** What the kind's drafts may hold (a pair's draft is two forms and a verdict); one AIF form when left out. */
    parseDraft?: (options: { draft: unknown; baseVersion: unknown }) => { json: string; baseVersion: number };
  },
): Promise<SavedDraft | null> {
  const { json, baseVersion } = (options.parseDraft ?? draftToSave)(options);
  const activeMs = reportedActiveMs(options.activeMs);
  const [saved] = await client.$queryRaw<{ draft_version: number; draft_saved_at: Date }[]>`
    UPDATE ${table(kind)} w SET draft = ${json}::jsonb, draft_version = w.draft_version + 1, draft_saved_at = now(),
           held_until = greatest(w.held_until, now() + make_interval(secs => s.hold_seconds)),
           ${addActiveTime(activeMs)}
    FROM ${Prisma.raw(identifier(kind.suiteTable ?? "suite"))} s
    WHERE ${column(kind.idColumn)} = ${options.id}::uuid AND s.id = w.suite_id AND ${options.access}
      AND w.status = ${kind.workingStatus} AND w.draft_version = ${baseVersion}
    RETURNING w.draft_version, w.draft_saved_at`;
  return saved ? { version: saved.draft_version, savedAt: saved.draft_saved_at } : null;
}

/** The CONFLICT for a refused save: the item is closed, or another tab saved a newer version (sent back so the page can offer the choice). */
export function draftNotSaved<Status extends string>(
  kind: WorkItemKind<Status>,
  current: CurrentDraft,
  baseVersion: unknown,
): AppError {
  const status = kind.statuses.find((candidate) => candidate === current.status);
  const closed = status === undefined ? undefined : kind.draftClosedMessage[status];
  if (closed) return new AppError("CONFLICT", closed);
  return new AppError("CONFLICT", kind.staleDraftMessage(current.draftVersion, String(baseVersion)), [], {
    current: { version: current.draftVersion, draft: current.draft },
  });
}

/** Locks the caller's row for the rest of the transaction; undefined when it is not theirs. */
export async function lockWorkItem<Status extends string>(
  tx: SqlClient,
  kind: WorkItemKind<Status>,
  options: { id: string; access: WorkItemAccess },
): Promise<{ status: Status; resultId: string | null } | undefined> {
  const [row] = await tx.$queryRaw<{ status: string; result_id: string | null }[]>`
    SELECT w.status, ${column(kind.resultColumn)}::text AS result_id FROM ${table(kind)} w
    WHERE ${column(kind.idColumn)} = ${options.id}::uuid AND ${options.access}
    FOR UPDATE OF w`;
  return row ? { status: parseStatus(kind.statuses, row.status), resultId: row.result_id } : undefined;
}

/** Marks the item done with the id of what it produced; its draft is dropped (the result holds it now). */
export async function closeWorkItem(
  tx: SqlClient,
  kind: WorkItemKind,
  options: { id: string; resultId: string; activeMs?: number },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE ${table(kind)} w SET status = ${kind.doneStatus}, ${bare(kind.resultColumn)} = ${options.resultId}::uuid,
           ${bare(kind.doneAtColumn)} = ${new Date()}::timestamptz, draft = NULL, ${addActiveTime(options.activeMs ?? 0)}
    WHERE ${column(kind.idColumn)} = ${options.id}::uuid`;
}

/** The draft a submit carries, as the JSON object a record must be. */
export function submittedObject(draft: unknown): Record<string, unknown> {
  if (typeof draft !== "object" || draft === null || Array.isArray(draft)) {
    throw new AppError("INVALID_RECORD", "The record must be a JSON object", [
      { path: "", rule: "type", message: "must be a JSON object" },
    ]);
  }
  return draft as Record<string, unknown>;
}

/**
 * Submits in one transaction: locks the caller's row; a repeated submit (double
 * click, retry) answers with what the first stored; a closed item is refused;
 * otherwise `store` writes the result (checks of its own first) and the item
 * is closed with it. `whenNotFound` may throw a more precise error (a hold
 * taken over) before the NOT_FOUND.
 */
export async function submitWorkItem<Status extends string, Result extends object>(
  kind: WorkItemKind<Status>,
  options: {
    id: string;
    access: WorkItemAccess;
    /** The page's active milliseconds since its last save, added as a save adds them. */
    activeMs?: unknown;
    whenNotFound?: (tx: DbClient) => Promise<void>;
    store: (tx: DbClient) => Promise<{ resultId: string } & Result>;
  },
): Promise<SubmitOutcome<Result>> {
  const activeMs = reportedActiveMs(options.activeMs);
  return db().$transaction(async (tx) => {
    const locked = await lockWorkItem(tx, kind, options);
    if (!locked) {
      await options.whenNotFound?.(tx);
      throw workItemNotFound(kind);
    }
    if (locked.status === kind.doneStatus)
      return { alreadySubmitted: true as const, resultId: locked.resultId as string };
    const refused = kind.submitClosedMessage[locked.status];
    if (refused) throw new AppError("CONFLICT", refused);
    const stored = await options.store(tx);
    await closeWorkItem(tx, kind, { id: options.id, resultId: stored.resultId, activeMs });
    return { ...stored, alreadySubmitted: false as const };
  });
}

/**
 * submitWorkItem on a plain pg transaction (lib/sql-transaction.ts), for a kind
 * whose `store` is written as tagged SQL: the same skeleton and rules, without
 * Prisma's interactive transaction around every statement (issue 23: the
 * assignment submit sits between two "next item" calls).
 */
export async function submitWorkItemSql<Status extends string, Result extends object>(
  kind: WorkItemKind<Status>,
  options: {
    id: string;
    access: WorkItemAccess;
    activeMs?: unknown;
    store: (tx: PgTransaction) => Promise<{ resultId: string } & Result>;
  },
): Promise<SubmitOutcome<Result>> {
  const activeMs = reportedActiveMs(options.activeMs);
  return sqlTransaction(async (tx) => {
    const locked = await lockWorkItem(tx, kind, options);
    if (!locked) throw workItemNotFound(kind);
    if (locked.status === kind.doneStatus)
      return { alreadySubmitted: true as const, resultId: locked.resultId as string };
    const refused = kind.submitClosedMessage[locked.status];
    if (refused) throw new AppError("CONFLICT", refused);
    const stored = await options.store(tx);
    await closeWorkItem(tx, kind, { id: options.id, resultId: stored.resultId, activeMs });
    return { ...stored, alreadySubmitted: false as const };
  });
}
