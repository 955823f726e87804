// A suite's quality report: its ratings loaded from PostgreSQL (only the
// fields agreement needs, extracted in SQL) and handed to the pure agreement
// report, plus calibration, the fields SMEs change most, and a cache.
import "server-only";
import { HAZARDS, ISSUE_TAGS } from "@/lib/aif/contract-facts";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { driftSettings } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { estimatesOfRatings, type RatingsEstimates } from "@/lib/estimates/ratings-estimates";
import { isUuid } from "@/lib/ids";
import { reviewSummary } from "@/lib/review/review-summary";
import type { FieldAcceptance } from "@/lib/review/review-summary-types";
import { adjudicationLessons, lessonsWithCurrentNames, type AdjudicationLessons } from "./adjudication-lessons-report";
import { loadAdjudicationReference } from "./adjudication-reference";
import { agentMetrics, type AgentMetrics } from "./agent-metrics";
import { timedPhase, timedPhaseSync, type PhaseTimings } from "./phase-timings";
import { suiteCalibration, withCurrentNames, type SuiteCalibration } from "./suite-calibration";
import { agreementReportOfColumns, type AgreementReport } from "./agreement-report";
import { groupRowsByItem } from "./rating-units";
import { REPORT_VERSION } from "./report-code/report-version";
import { distinctSorted, loadReportRatings } from "./report-ratings";
import { ratingsFilterOf } from "./report-slice";

/** Which records a report covers: all of the suite's, or one slice of them. */
export type ReportSlice = {
  systemUnderTest?: string;
  modality?: string;
  /** An item tag, as "key=value". */ tag?: string;
  /** Likert α level; ordinal by default. */ level?: "ordinal" | "interval";
};
export type SliceOptions = { systemsUnderTest: string[]; modalities: string[]; tags: string[] };
export type SuiteReport = AgreementReport & {
  suite: { id: string; key: string; name: string };
  slice: ReportSlice;
  sliceOptions: SliceOptions;
  smeChanges: FieldAcceptance[];
  agent: AgentMetrics[];
  calibration: SuiteCalibration;
  /** What adjudication teaches: before/after α, accuracy against adjudicated answers, the judge per prompt version. */
  lessons: AdjudicationLessons;
  /** Per system and measure: judge-only, human-only and corrected (PPI++) estimates (lib/estimates). */
  estimates: RatingsEstimates;
  computed: { at: Date; ms: number; cached: boolean };
};

/**
 * What the report can be sliced by. The systems and modalities are those of
 * all the suite's records, which are the ones loaded when the report is not
 * sliced; a sliced report passes none and they are queried.
 */
async function sliceOptionsOf(
  suiteId: string,
  unsliced: Promise<Pick<SliceOptions, "systemsUnderTest" | "modalities">> | null,
): Promise<SliceOptions> {
  const tags = db().$queryRaw<{ tag: string }[]>`
    SELECT DISTINCT t.key || '=' || t.value AS tag FROM suite_item si JOIN item i ON i.id = si.item_id, jsonb_each_text(coalesce(i.body -> 'tags', '{}'::jsonb)) t
    WHERE si.suite_id = ${suiteId}::uuid ORDER BY 1 LIMIT 500`;
  // Grouped (hashed) rather than array_agg(DISTINCT …), which sorts every record's values.
  const values =
    unsliced ??
    db().$queryRaw<{ system: string | null; modality: string | null }[]>`
    SELECT r.body -> 'subject' ->> 'system_under_test' AS system, r.body -> 'task' ->> 'modality' AS modality
    FROM suite_rating sr JOIN eval_record r ON r.eval_id = sr.eval_id WHERE sr.suite_id = ${suiteId}::uuid GROUP BY 1, 2`.then(
      (pairs) => ({
        systemsUnderTest: distinctSorted(pairs.map((pair) => pair.system)),
        modalities: distinctSorted(pairs.map((pair) => pair.modality)),
      }),
    );
  const [tagRows, { systemsUnderTest, modalities }] = await Promise.all([tags, values]);
  return { systemsUnderTest, modalities, tags: tagRows.map((row) => row.tag) };
}

/**
 * The report of a suite (or a slice of it), from the cache when the suite's
 * data has not changed since it was computed, else computed now and cached.
 */
export async function suiteReport(options: {
  actor: Actor;
  suiteId: string;
  slice?: ReportSlice;
  bootstrapSamples?: number;
  /** Filled with each phase's milliseconds. */ timings?: PhaseTimings;
}): Promise<SuiteReport> {
  authorize(options.actor, "suites.manage");
  const suite = isUuid(options.suiteId)
    ? await db().suite.findUnique({ where: { id: options.suiteId }, select: { id: true, key: true, name: true } })
    : null;
  if (!suite) throw new AppError("NOT_FOUND", "No suite with this id");
  const slice = options.slice ?? {};
  const sliceKey = JSON.stringify([
    slice.systemUnderTest ?? null,
    slice.modality ?? null,
    slice.tag ?? null,
    slice.level ?? "ordinal",
    options.bootstrapSamples ?? null,
  ]);
  const [fingerprint, cached] = await timedPhase(options.timings, "fingerprint and cache lookup", () =>
    Promise.all([
      dataFingerprint(suite.id),
      db().suiteReportCache.findUnique({ where: { suiteId_sliceKey: { suiteId: suite.id, sliceKey } } }),
    ]),
  );
  if (cached && cached.fingerprint === fingerprint) {
    const report = reviveDates(cached.report as unknown as SuiteReport);
    return {
      ...report,
      calibration: await withCurrentNames(report.calibration),
      lessons: await lessonsWithCurrentNames(report.lessons),
      computed: { at: cached.computedAt, ms: cached.computeMs, cached: true },
    };
  }
  const start = performance.now();
  const report = await computeSuiteReport({ ...options, suite, slice });
  const ms = Math.round(performance.now() - start);
  const saved = await timedPhase(options.timings, "cache write", () =>
    db().suiteReportCache.upsert({
      where: { suiteId_sliceKey: { suiteId: suite.id, sliceKey } },
      create: { suiteId: suite.id, sliceKey, fingerprint, report: JSON.parse(JSON.stringify(report)), computeMs: ms },
      update: { fingerprint, report: JSON.parse(JSON.stringify(report)), computeMs: ms, computedAt: new Date() },
    }),
  );
  return { ...report, computed: { at: saved.computedAt, ms, cached: false } };
}

/**
 * What a report depends on: the records counted in the suite (suite_record is
 * append-only, so its count and latest time name the set), its review
 * decisions, the drift settings and the report version (of the contract facts
 * and the report's code, report-code/report-version.ts). Rater names are not
 * part of it: they are filled in at every read (withCurrentNames).
 */
async function dataFingerprint(suiteId: string): Promise<string> {
  const [row] = await db().$queryRaw<{ records: bigint; latest: Date | null; decisions: bigint }[]>`
    SELECT records.count AS records, records.latest,
           (SELECT count(*) FROM review_decision d JOIN review_task t ON t.hybrid_eval_id = d.hybrid_eval_id WHERE t.suite_id = ${suiteId}::uuid) AS decisions
    FROM (SELECT count(*) AS count, max(created_at) AS latest FROM suite_record WHERE suite_id = ${suiteId}::uuid) records`;
  return JSON.stringify([
    REPORT_VERSION,
    Number(row?.records ?? 0),
    row?.latest?.toISOString() ?? null,
    Number(row?.decisions ?? 0),
    driftSettings(),
  ]);
}

function reviveDates(report: SuiteReport): SuiteReport {
  for (const rater of report.calibration.raters)
    for (const dimension of rater.dimensions) for (const point of dimension.series) point.at = new Date(point.at);
  return report;
}

async function computeSuiteReport(options: {
  actor: Actor;
  suite: { id: string; key: string; name: string };
  slice: ReportSlice;
  bootstrapSamples?: number;
  timings?: PhaseTimings;
}): Promise<Omit<SuiteReport, "computed">> {
  const { suite, slice, timings } = options;
  const filter = ratingsFilterOf(suite.id, slice);
  const load = loadReportRatings(filter, timings);
  const unsliced = slice.systemUnderTest === undefined && slice.modality === undefined && slice.tag === undefined;
  // The parts that do not depend on the ratings run in PostgreSQL while the ratings load and agreement is computed.
  const others = Promise.all([
    timedPhase(timings, "review summary", () => reviewSummary({ actor: options.actor, suiteId: suite.id })),
    timedPhase(timings, "slice options", () => sliceOptionsOf(suite.id, unsliced ? load : null)),
    timedPhase(timings, "calibration and drift", () => suiteCalibration({ actor: options.actor, suiteId: suite.id })),
    timedPhase(timings, "adjudicated answers", () => loadAdjudicationReference(filter)),
  ]);
  // Marked handled now so a failure while the ratings load is not reported as unhandled; it is thrown where they are awaited below.
  others.catch(() => undefined);
  const loaded = await load;
  const agreementStart = performance.now();
  // Grouped once: agreement and the adjudication lessons walk the same items.
  const groups = groupRowsByItem(loaded.ratings.items);
  const agreement = agreementReportOfColumns(loaded.ratings, {
    groups,
    dimensions: loaded.dimensions,
    hazards: [...HAZARDS],
    tags: [...ISSUE_TAGS],
    bootstrapSamples: options.bootstrapSamples,
    likertLevel: slice.level,
    timings,
  });
  if (timings) timings.agreement = performance.now() - agreementStart - (timings.bootstrap ?? 0);
  const [review, sliceOptions, calibration, reference] = await others;
  const lessons = timedPhaseSync(timings, "adjudication lessons", () =>
    adjudicationLessons(loaded, reference, calibration, {
      level: slice.level ?? "ordinal",
      groups,
      likert: agreement.likert,
    }),
  );
  const smeChanges = review.fields
    .filter((field) => field.edited + field.added > 0)
    .sort((a, b) => b.edited + b.added - (a.edited + a.added))
    .slice(0, 15);
  const agent = agentMetrics(loaded.agentRuns);
  const estimates = timedPhaseSync(timings, "estimates", () => estimatesOfRatings(loaded.ratings, { groups }));
  return { ...agreement, suite, slice, sliceOptions, smeChanges, agent, calibration, lessons, estimates };
}
