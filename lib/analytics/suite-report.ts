// A suite's quality report: its records loaded from PostgreSQL (only the
// fields agreement needs, extracted in SQL), reduced to rating rows and
// handed to the pure agreement report, plus the fields SMEs change most.
import "server-only";
import { aifSchema } from "@/lib/aif/contract";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { driftSettings } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { reviewSummary } from "@/lib/review/review-summary";
import type { FieldAcceptance } from "@/lib/review/review-summary-types";
import { agentMetrics, type AgentMetrics, type AgentRun } from "./agent-metrics";
import { LIKERT_DIMENSIONS } from "./likert-dimensions";
import { suiteCalibration, type SuiteCalibration } from "./suite-calibration";
import { agreementReport, RATER_TYPES, type AgreementReport, type RaterType, type RatingRow } from "./agreement-report";

const HAZARDS = Object.keys(aifSchema.properties.safety.properties).filter((key) => key !== "is_violating_any");
const TAGS = [...aifSchema.properties.issue_tags.items.enum];

/** Which records a report covers: all of the suite's, or one slice of them. */
export type ReportSlice = { systemUnderTest?: string; modality?: string; /** An item tag, as "key=value". */ tag?: string; /** Likert α level; ordinal by default. */ level?: "ordinal" | "interval" };
export type SliceOptions = { systemsUnderTest: string[]; modalities: string[]; tags: string[] };
export type SuiteReport = AgreementReport & {
  suite: { id: string; key: string; name: string };
  slice: ReportSlice;
  sliceOptions: SliceOptions;
  smeChanges: FieldAcceptance[];
  agent: AgentMetrics[];
  calibration: SuiteCalibration;
  computed: { at: Date; ms: number; cached: boolean };
};

// Bump when the report's computation or shape changes: cached reports of an older version are recomputed.
const REPORT_VERSION = 1;

type Row = {
  item: string; rater_type: string; scores: Record<string, number | null>; safety: Record<string, { verdict?: string }> | null;
  refusal: string | null; vs_reference: string | null; tags: string[] | null; pass_at_k: AgentRun["passAtK"] | null; pass_caret_k: AgentRun["passCaretK"] | null;
};

async function sliceOptionsOf(suiteId: string, suiteKey: string): Promise<SliceOptions> {
  const [values] = await db().$queryRaw<{ systems: string[] | null; modalities: string[] | null }[]>`
    SELECT array_agg(DISTINCT body #>> '{subject,system_under_test}') AS systems, array_agg(DISTINCT body #>> '{task,modality}') AS modalities
    FROM eval_record WHERE suite_id = ${suiteKey}`;
  const tags = await db().$queryRaw<{ tag: string }[]>`
    SELECT DISTINCT t.key || '=' || t.value AS tag FROM suite_item si JOIN item i ON i.id = si.item_id, jsonb_each_text(coalesce(i.body -> 'tags', '{}'::jsonb)) t
    WHERE si.suite_id = ${suiteId}::uuid ORDER BY 1 LIMIT 500`;
  return { systemsUnderTest: (values?.systems ?? []).filter(Boolean).sort(), modalities: (values?.modalities ?? []).filter(Boolean).sort(), tags: tags.map((row) => row.tag) };
}

/**
 * The report of a suite (or a slice of it), from the cache when the suite's
 * data has not changed since it was computed, else computed now and cached.
 */
export async function suiteReport(options: { actor: Actor; suiteId: string; slice?: ReportSlice; bootstrapSamples?: number }): Promise<SuiteReport> {
  authorize(options.actor, "suites.manage");
  const suite = isUuid(options.suiteId) ? await db().suite.findUnique({ where: { id: options.suiteId }, select: { id: true, key: true, name: true } }) : null;
  if (!suite) throw new AppError("NOT_FOUND", "No suite with this id");
  const slice = options.slice ?? {};
  const sliceKey = JSON.stringify([slice.systemUnderTest ?? null, slice.modality ?? null, slice.tag ?? null, slice.level ?? "ordinal", options.bootstrapSamples ?? null]);
  const fingerprint = await dataFingerprint(suite.id, suite.key);
  const cached = await db().suiteReportCache.findUnique({ where: { suiteId_sliceKey: { suiteId: suite.id, sliceKey } } });
  if (cached && cached.fingerprint === fingerprint) {
    return { ...reviveDates(cached.report as unknown as SuiteReport), computed: { at: cached.computedAt, ms: cached.computeMs, cached: true } };
  }
  const start = performance.now();
  const report = await computeSuiteReport({ ...options, suite, slice });
  const ms = Math.round(performance.now() - start);
  const saved = await db().suiteReportCache.upsert({
    where: { suiteId_sliceKey: { suiteId: suite.id, sliceKey } },
    create: { suiteId: suite.id, sliceKey, fingerprint, report: JSON.parse(JSON.stringify(report)), computeMs: ms },
    update: { fingerprint, report: JSON.parse(JSON.stringify(report)), computeMs: ms, computedAt: new Date() },
  });
  return { ...report, computed: { at: saved.computedAt, ms, cached: false } };
}

/**
 * What a report depends on: the suite's records (append-only, so their count
 * and latest storage time name the set), its review decisions, the drift
 * settings and the report version.
 */
async function dataFingerprint(suiteId: string, suiteKey: string): Promise<string> {
  const [row] = await db().$queryRaw<{ records: bigint; latest: Date | null; decisions: bigint }[]>`
    SELECT (SELECT count(*) FROM eval_record WHERE suite_id = ${suiteKey}) AS records,
           (SELECT max(stored_at) FROM eval_record WHERE suite_id = ${suiteKey}) AS latest,
           (SELECT count(*) FROM review_decision d JOIN review_task t ON t.hybrid_eval_id = d.hybrid_eval_id WHERE t.suite_id = ${suiteId}::uuid) AS decisions`;
  return JSON.stringify([REPORT_VERSION, Number(row?.records ?? 0), row?.latest?.toISOString() ?? null, Number(row?.decisions ?? 0), driftSettings()]);
}

function reviveDates(report: SuiteReport): SuiteReport {
  for (const rater of report.calibration.raters) for (const dimension of rater.dimensions) for (const point of dimension.series) point.at = new Date(point.at);
  return report;
}

async function computeSuiteReport(options: { actor: Actor; suite: { id: string; key: string; name: string }; slice: ReportSlice; bootstrapSamples?: number }): Promise<Omit<SuiteReport, "computed">> {
  const { suite, slice } = options;
  const [tagKey, ...tagValue] = (slice.tag ?? "").split("=");
  if (slice.tag !== undefined && (!tagKey || tagValue.length === 0)) {
    throw new AppError("INVALID_INPUT", "The slice is not valid", [{ path: "/tag", rule: "format", message: "a tag slice is key=value" }]);
  }
  const scoreFields = LIKERT_DIMENSIONS.map((dimension) => `'${dimension}', (r.body #>> '{${dimension.replaceAll(".", ",")},score}')::float8`).join(", ");
  // The item is its task and system under test: what the records rate. Its
  // tags (for the tag slice) come from the suite's item of that task and system.
  const rows = await db().$queryRawUnsafe<Row[]>(
    `SELECT r.task_id || '|' || (r.body #>> '{subject,system_under_test}') AS item, r.rater_type,
            jsonb_build_object(${scoreFields}) AS scores,
            r.body -> 'safety' AS safety, r.body #>> '{refusal,appropriateness}' AS refusal,
            r.body #>> '{universal,vs_reference}' AS vs_reference, r.body -> 'issue_tags' AS tags,
            r.body #> '{agent,pass_at_k}' AS pass_at_k, r.body #> '{agent,pass_caret_k}' AS pass_caret_k
     FROM eval_record r
     WHERE r.suite_id = $1
       AND ($2::text IS NULL OR r.body #>> '{subject,system_under_test}' = $2)
       AND ($3::text IS NULL OR r.body #>> '{task,modality}' = $3)
       AND ($4::text IS NULL OR EXISTS (
         SELECT 1 FROM suite_item si JOIN item i ON i.id = si.item_id
         WHERE si.suite_id = $6::uuid AND i.task_id = r.task_id AND i.system_under_test = r.body #>> '{subject,system_under_test}'
           AND i.body #>> ARRAY['tags', $4::text] = $5::text))`,
    suite.key, slice.systemUnderTest ?? null, slice.modality ?? null, slice.tag === undefined ? null : tagKey, tagValue.join("="), suite.id,
  );
  const ratings: RatingRow[] = rows
    .filter((row) => (RATER_TYPES as readonly string[]).includes(row.rater_type))
    .map((row) => ({
      item: row.item,
      raterType: row.rater_type as RaterType,
      likert: Object.fromEntries(Object.entries(row.scores).map(([dimension, score]) => [dimension, score ?? undefined])),
      hazards: Object.fromEntries(HAZARDS.map((hazard) => [hazard, row.safety?.[hazard]?.verdict])),
      refusal: row.refusal ?? undefined,
      vsReference: row.vs_reference,
      // No tags in a record means the rater chose none (the form always asks).
      tags: row.tags ?? [],
    }));
  const dimensions = LIKERT_DIMENSIONS.filter((dimension) => ratings.some((rating) => rating.likert[dimension] !== undefined));
  const agreement = agreementReport(ratings, { dimensions, hazards: HAZARDS, tags: TAGS, bootstrapSamples: options.bootstrapSamples, likertLevel: slice.level });
  const [review, sliceOptions, calibration] = await Promise.all([
    reviewSummary({ actor: options.actor, suiteId: suite.id }),
    sliceOptionsOf(suite.id, suite.key),
    suiteCalibration({ actor: options.actor, suiteId: suite.id }),
  ]);
  const smeChanges = review.fields.filter((field) => field.edited + field.added > 0).sort((a, b) => b.edited + b.added - (a.edited + a.added)).slice(0, 15);
  const agent = agentMetrics(rows.map((row) => ({ passAtK: row.pass_at_k ?? undefined, passCaretK: row.pass_caret_k ?? undefined })));
  return { ...agreement, suite, slice, sliceOptions, smeChanges, agent, calibration };
}
