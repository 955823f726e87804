// Know your raters (issue 38 §2): each person's work over a window, per kind
// of work (ratings, SME reviews, adjudications — counted the same way): how
// much, how fast (the server-bounded active time of lib/work-items), how often
// skipped and why, how often corrected afterwards. Admins read everybody's,
// per suite or overall; each person reads their own (myWork), never others'.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { SKIP_REASONS, type SkipReason } from "@/lib/queues/skip-reasons";

export const WORK_SUMMARY_KINDS = ["rating", "sme_review", "adjudication"] as const;
export type WorkSummaryKind = (typeof WORK_SUMMARY_KINDS)[number];

export type PersonWork = {
  personId: string;
  name: string;
  kind: WorkSummaryKind;
  /** Submitted in the window, today (UTC) and in the last 7 days. */
  submitted: number;
  today: number;
  lastSevenDays: number;
  /** Submitted per day on which they submitted anything. */
  perActiveDay: number | null;
  /** Submissions with a measured active time (items done before time was kept, or without a page, have none). */
  timed: number;
  medianActiveSeconds: number | null;
  /** Active seconds per 1,000 characters of the item's text parts, median over timed items with text. */
  medianSecondsPer1000Chars: number | null;
  skipped: number;
  skipReasons: Partial<Record<SkipReason, number>>;
  /** Of their submissions, how many a later correction replaced in the suite's statistics. */
  corrected: number;
};

export type WorkSummary = {
  since: Date;
  suite: { id: string; key: string; name: string } | null;
  people: PersonWork[];
};

const DEFAULT_DAYS = 30;

type Row = {
  person_id: string;
  name: string;
  kind: WorkSummaryKind;
  submitted: number;
  today: number;
  last_seven_days: number;
  active_days: number;
  timed: number;
  median_active_ms: number | null;
  median_ms_per_1000_chars: number | null;
  skipped: number;
  skip_reasons: (string | null)[] | null;
  corrected: number;
};

async function summaryRows(options: { since: Date; suiteId: string | null; personId: string | null }): Promise<Row[]> {
  const suite = options.suiteId ? Prisma.sql`AND w.suite_id = ${options.suiteId}::uuid` : Prisma.empty;
  const person = options.personId ? Prisma.sql`AND w.person_id = ${options.personId}` : Prisma.empty;
  return db().$queryRaw<Row[]>`
    WITH work AS (
      SELECT a.user_id AS person_id, 'rating' AS kind, a.suite_id, a.item_id, a.status, a.submitted_at AS done_at,
             a.skipped_at, a.skip_reason, a.active_ms, a.eval_id
      FROM assignment a WHERE a.user_id IS NOT NULL AND a.status <> 'held'
      UNION ALL
      SELECT t.reviewer_id, 'sme_review', t.suite_id, t.item_id, t.status, t.reviewed_at, NULL, NULL, t.active_ms,
             t.hybrid_eval_id
      FROM review_task t WHERE t.reviewer_id IS NOT NULL AND t.status = 'reviewed'
      UNION ALL
      SELECT t.adjudicator_id, 'adjudication', t.suite_id, t.item_id, t.status, t.adjudicated_at, NULL, NULL,
             t.active_ms, t.authoritative_eval_id
      FROM adjudication_task t WHERE t.adjudicator_id IS NOT NULL AND t.status = 'adjudicated'
    ), scoped AS (
      SELECT w.*,
             -- The item's text parts (messages, answers, tool output): what a person reads, not the JSON around it.
             (SELECT coalesce(sum(length(part #>> '{}')), 0) FROM jsonb_path_query(i.body, 'strict $.**.text') part
              WHERE jsonb_typeof(part) = 'string') AS chars,
             EXISTS (SELECT 1 FROM suite_record sr WHERE sr.suite_id = w.suite_id AND sr.supersedes = w.eval_id) AS corrected
      FROM work w JOIN item i ON i.id = w.item_id
      WHERE coalesce(w.done_at, w.skipped_at) >= ${options.since} ${suite} ${person}
    )
    SELECT s.person_id, coalesce(u.name, u.email, s.person_id) AS name, s.kind,
           count(*) FILTER (WHERE s.done_at IS NOT NULL)::int AS submitted,
           count(*) FILTER (WHERE s.done_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS today,
           count(*) FILTER (WHERE s.done_at >= now() - interval '7 days')::int AS last_seven_days,
           count(DISTINCT (s.done_at AT TIME ZONE 'UTC')::date) FILTER (WHERE s.done_at IS NOT NULL)::int AS active_days,
           count(*) FILTER (WHERE s.done_at IS NOT NULL AND s.active_ms > 0)::int AS timed,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY s.active_ms)
             FILTER (WHERE s.done_at IS NOT NULL AND s.active_ms > 0) AS median_active_ms,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY s.active_ms * 1000.0 / nullif(s.chars, 0))
             FILTER (WHERE s.done_at IS NOT NULL AND s.active_ms > 0 AND s.chars > 0) AS median_ms_per_1000_chars,
           count(*) FILTER (WHERE s.status = 'skipped')::int AS skipped,
           array_agg(s.skip_reason) FILTER (WHERE s.status = 'skipped') AS skip_reasons,
           count(*) FILTER (WHERE s.done_at IS NOT NULL AND s.corrected)::int AS corrected
    FROM scoped s LEFT JOIN app_user u ON u.id = s.person_id
    GROUP BY s.person_id, u.name, u.email, s.kind
    ORDER BY name, s.person_id, s.kind`;
}

function personWork(row: Row): PersonWork {
  const skipReasons: Partial<Record<SkipReason, number>> = {};
  for (const reason of row.skip_reasons ?? []) {
    const known = SKIP_REASONS.find((candidate) => candidate === reason) ?? "other";
    skipReasons[known] = (skipReasons[known] ?? 0) + 1;
  }
  const seconds = (ms: number | null) => (ms === null ? null : Math.round(Number(ms) / 100) / 10);
  return {
    personId: row.person_id,
    name: row.name,
    kind: row.kind,
    submitted: row.submitted,
    today: row.today,
    lastSevenDays: row.last_seven_days,
    perActiveDay: row.active_days > 0 ? Math.round((row.submitted / row.active_days) * 10) / 10 : null,
    timed: row.timed,
    medianActiveSeconds: seconds(row.median_active_ms),
    medianSecondsPer1000Chars: seconds(row.median_ms_per_1000_chars),
    skipped: row.skipped,
    skipReasons,
    corrected: row.corrected,
  };
}

function windowStart(days: number | undefined): Date {
  const span = days === undefined ? DEFAULT_DAYS : days;
  if (!Number.isInteger(span) || span < 1 || span > 366)
    throw new AppError("INVALID_INPUT", "The window is 1 to 366 days", [
      { path: "/days", rule: "range", message: "must be a whole number of days from 1 to 366" },
    ]);
  return new Date(Date.now() - span * 86_400_000);
}

/** Everybody's work (admins), over the last `days` days, in one suite or all. */
export async function workSummary(options: {
  actor: Actor;
  suiteId?: string | null;
  days?: number;
}): Promise<WorkSummary> {
  authorize(options.actor, "users.manage");
  const since = windowStart(options.days);
  let suite: WorkSummary["suite"] = null;
  if (options.suiteId) {
    suite = isUuid(options.suiteId)
      ? await db().suite.findUnique({ where: { id: options.suiteId }, select: { id: true, key: true, name: true } })
      : null;
    if (!suite) throw new AppError("NOT_FOUND", "No suite with this id");
  }
  const rows = await summaryRows({ since, suiteId: suite?.id ?? null, personId: null });
  return { since, suite, people: rows.map(personWork) };
}

/** One's own work, every kind, over the last `days` days: no one else's rows, names or ratings. */
export async function myWork(options: { actor: Actor; days?: number }): Promise<WorkSummary> {
  authorize(options.actor, "records.read_own");
  const since = windowStart(options.days);
  const rows = await summaryRows({ since, suiteId: null, personId: options.actor.userId });
  return { since, suite: null, people: rows.map(personWork) };
}
