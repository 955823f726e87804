// Pairwise suites: built from several systems' imported outputs on the same
// tasks (matched by task id), with their pairs and raters, and read back for
// the admin. Changing a running one is ./suite-settings.ts.
import "server-only";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { requireActiveRaters } from "@/lib/suites/raters";
import { planPairs, type UnmatchedTask } from "./build-pairs";
import { NewPairwiseSuiteInput, type PairwiseDesign } from "./validation";

export type PairwiseSuiteSummary = {
  id: string;
  key: string;
  name: string;
  design: PairwiseDesign;
  baselineSystem: string | null;
  overlapK: number;
  systems: string[];
  pairs: number;
  judgmentsSubmitted: number;
  unmatchedTasks: UnmatchedTask[];
  /** Any rater or SME may compare its pairs; otherwise its rater list only. */
  openToAllRaters: boolean;
  raters: number;
  verdictOnly: boolean;
  paused: boolean;
  archived: boolean;
  createdAt: Date;
};

const invalid = (path: string, rule: string, message: string) =>
  new AppError("INVALID_INPUT", "The pairwise suite is not valid", [{ path, rule, message }]);

export async function createPairwiseSuite(options: {
  actor: Actor;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<PairwiseSuiteSummary & { duplicates: number }> {
  authorize(options.actor, "suites.manage");
  const input = parseInput(NewPairwiseSuiteInput, options.input, "The pairwise suite is not valid");
  const { suiteId, duplicates } = await db().$transaction(async (tx) => {
    if (await tx.pairwiseSuite.findUnique({ where: { key: input.key }, select: { id: true } }))
      throw invalid("/key", "unique", `a pairwise suite with key "${input.key}" exists already`);
    const items = await tx.$queryRaw<{ id: string; task_id: string; system_under_test: string }[]>`
      SELECT i.id, i.task_id, i.system_under_test FROM item i
      WHERE i.import_id = ANY(${input.import_ids}::uuid[])
      ORDER BY array_position(${input.import_ids}::uuid[], i.import_id), i.import_line, i.id`;
    const plan = planPairs(
      items.map((item) => ({ id: item.id, taskId: item.task_id, system: item.system_under_test })),
      input.design,
      input.baseline_system,
    );
    if (plan.systems.length < 2)
      throw invalid(
        "/import_ids",
        "twoSystems",
        `the chosen imports hold ${plan.systems.length === 0 ? "no items" : `outputs of one system only (${plan.systems[0]})`}; a comparison needs two or more`,
      );
    if (input.baseline_system !== undefined && !plan.systems.includes(input.baseline_system))
      throw invalid(
        "/baseline_system",
        "knownSystem",
        `"${input.baseline_system}" is not a system of the chosen imports (${plan.systems.join(", ")})`,
      );
    if (plan.pairs.length === 0)
      throw invalid("/import_ids", "hasPairs", "no task has responses from two of the systems to compare");
    const suite = await tx.pairwiseSuite.create({
      data: {
        key: input.key,
        name: input.name,
        design: input.design,
        baselineSystem: input.baseline_system ?? null,
        overlapK: input.overlap_k,
        holdSeconds: input.hold_minutes * 60,
        systems: plan.systems,
        unmatchedTasks: plan.unmatched,
        openToAllRaters: input.open_to_all_raters,
        verdictOnly: input.verdict_only,
        createdById: options.actor.userId,
      },
    });
    const raterIds = await requireActiveRaters(tx, [...new Set(input.rater_ids)], "The pairwise suite is not valid");
    await tx.pairwiseSuiteRater.createMany({ data: raterIds.map((userId) => ({ suiteId: suite.id, userId })) });
    await recordAuditEvent({
      action: "pairwise_suite.created",
      actorId: options.actor.userId,
      subject: suite.id,
      origin: options.origin,
      client: tx,
      details: {
        key: input.key,
        design: input.design,
        overlap_k: input.overlap_k,
        rater_ids: raterIds,
        open_to_all_raters: input.open_to_all_raters,
        verdict_only: input.verdict_only,
      },
    });
    // A stable shuffle (hash of the pair and the suite) so raters do not all start on the first task.
    await tx.$executeRaw`
      INSERT INTO pairwise_pair (suite_id, task_id, position, first_item_id, second_item_id, first_system, second_system)
      SELECT ${suite.id}::uuid, p.task_id, row_number() OVER (ORDER BY md5(p.first_item_id || p.second_item_id || ${suite.id})),
             p.first_item_id::uuid, p.second_item_id::uuid, p.first_system, p.second_system
      FROM unnest(${plan.pairs.map((pair) => pair.taskId)}::text[], ${plan.pairs.map((pair) => pair.firstItemId)}::text[],
                  ${plan.pairs.map((pair) => pair.secondItemId)}::text[], ${plan.pairs.map((pair) => pair.firstSystem)}::text[],
                  ${plan.pairs.map((pair) => pair.secondSystem)}::text[])
           AS p(task_id, first_item_id, second_item_id, first_system, second_system)`;
    return { suiteId: suite.id, duplicates: plan.duplicates };
  });
  return { ...(await getPairwiseSuite({ actor: options.actor, suiteId })), duplicates };
}

type SummaryRow = {
  id: string;
  key: string;
  name: string;
  design: string;
  baseline_system: string | null;
  overlap_k: number;
  systems: string[];
  unmatched_tasks: UnmatchedTask[];
  open_to_all_raters: boolean;
  verdict_only: boolean;
  paused: boolean;
  archived: boolean;
  created_at: Date;
  pairs: bigint;
  judgments: bigint;
  raters: bigint;
};

async function summaries(suiteId: string | null, includeArchived: boolean): Promise<PairwiseSuiteSummary[]> {
  const rows = await db().$queryRaw<SummaryRow[]>`
    SELECT s.id, s.key, s.name, s.design, s.baseline_system, s.overlap_k, s.systems, s.unmatched_tasks, s.created_at,
           s.open_to_all_raters, s.verdict_only, s.paused_at IS NOT NULL AS paused, s.archived_at IS NOT NULL AS archived,
           (SELECT count(*) FROM pairwise_pair p WHERE p.suite_id = s.id) AS pairs,
           (SELECT count(*) FROM pairwise_assignment a WHERE a.suite_id = s.id AND a.status = 'submitted') AS judgments,
           (SELECT count(*) FROM pairwise_suite_rater r WHERE r.suite_id = s.id) AS raters
    FROM pairwise_suite s
    WHERE (${suiteId}::uuid IS NULL OR s.id = ${suiteId}::uuid) AND (${includeArchived} OR s.archived_at IS NULL)
    ORDER BY s.created_at DESC`;
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    design: row.design as PairwiseDesign,
    baselineSystem: row.baseline_system,
    overlapK: row.overlap_k,
    systems: row.systems,
    pairs: Number(row.pairs),
    judgmentsSubmitted: Number(row.judgments),
    unmatchedTasks: row.unmatched_tasks,
    openToAllRaters: row.open_to_all_raters,
    raters: Number(row.raters),
    verdictOnly: row.verdict_only,
    paused: row.paused,
    archived: row.archived,
    createdAt: row.created_at,
  }));
}

/** Archived suites only when asked for (the list's "show archived"): they are out of the default listing. */
export async function listPairwiseSuites(options: {
  actor: Actor;
  includeArchived?: boolean;
}): Promise<PairwiseSuiteSummary[]> {
  authorize(options.actor, "suites.manage");
  return summaries(null, options.includeArchived ?? false);
}

export async function getPairwiseSuite(options: { actor: Actor; suiteId: string }): Promise<PairwiseSuiteSummary> {
  authorize(options.actor, "suites.manage");
  // One suite by its id, archived or not: its pages and its records stay reachable.
  const [summary] = isUuid(options.suiteId) ? await summaries(options.suiteId, true) : [];
  if (!summary) throw new AppError("NOT_FOUND", "No pairwise suite with this id");
  return summary;
}
