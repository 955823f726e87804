// Every item of a suite with its status under the suite's adjudication rule,
// computed from the ratings the suite counts (suite_rating: independent
// ratings, never an adjudication) and whether a decision is stored.
import "server-only";
import type { DbClient } from "@/lib/db";
import { isPlainObject } from "@/lib/is-plain-object";
import { itemVerdict, type ItemVerdict, type RatedBody } from "./item-status";
import { DEFAULT_ADJUDICATION_RULE, type AdjudicationRule } from "./rule";

export type SuiteItemVerdict = {
  itemId: string;
  taskId: string;
  position: number;
  ratings: number;
  latestDecision: string | null;
} & ItemVerdict;

/** The stored rule, with the default for any part missing (a rule stored before a part existed). */
export function parseAdjudicationRule(stored: unknown): AdjudicationRule {
  const rule = { ...DEFAULT_ADJUDICATION_RULE };
  if (!isPlainObject(stored)) return rule;
  for (const key of Object.keys(rule) as (keyof AdjudicationRule)[]) {
    const value = stored[key];
    if (typeof value === typeof rule[key]) (rule as Record<string, unknown>)[key] = value;
  }
  return rule;
}

export async function suiteRule(client: DbClient, suiteId: string): Promise<AdjudicationRule | undefined> {
  const [suite] = await client.$queryRaw<
    { adjudication_rule: unknown }[]
  >`SELECT adjudication_rule FROM suite WHERE id = ${suiteId}::uuid`;
  return suite ? parseAdjudicationRule(suite.adjudication_rule) : undefined;
}

/** A decision stands unless one of its sources was corrected since: then the item needs adjudicating again. */
function withDecision(
  rated: RatedBody[],
  rule: AdjudicationRule,
  latestDecision: string | null,
  superseded: boolean,
): ItemVerdict {
  if (latestDecision === null || !superseded) return itemVerdict(rated, rule, latestDecision !== null);
  const verdict = itemVerdict(rated, rule, false);
  return {
    ...verdict,
    status: "needs_adjudication",
    reasons: [...verdict.reasons, { kind: "source_corrected", decision: latestDecision }],
  };
}

/** Each item of the suite (or only `itemIds`: a page of a large suite), in suite order, with its verdict. */
export async function suiteItemVerdicts(
  client: DbClient,
  suiteId: string,
  rule: AdjudicationRule,
  itemIds: string[] | null = null,
): Promise<SuiteItemVerdict[]> {
  // decision_superseded: a rater corrected one of the latest decision's sources since (corrected-source.ts).
  const items = await client.$queryRaw<
    {
      item_id: string;
      task_id: string;
      position: number;
      latest_decision: string | null;
      decision_superseded: boolean | null;
    }[]
  >`
    SELECT si.item_id, i.task_id, si.position, d.eval_id::text AS latest_decision,
           EXISTS (SELECT 1 FROM suite_record c WHERE c.suite_id = si.suite_id AND c.supersedes = ANY (d.source_eval_ids)) AS decision_superseded
    FROM suite_item si JOIN item i ON i.id = si.item_id
    LEFT JOIN LATERAL (SELECT a.eval_id, a.source_eval_ids FROM adjudication a WHERE a.suite_id = si.suite_id AND a.item_id = si.item_id
                       ORDER BY a.created_at DESC, a.eval_id DESC LIMIT 1) d ON TRUE
    WHERE si.suite_id = ${suiteId}::uuid
      AND (${itemIds === null} OR si.item_id = ANY(${itemIds ?? []}::uuid[])) ORDER BY si.position`;
  const ratings = await client.$queryRaw<{ item_id: string; rater_type: string; body: Record<string, unknown> }[]>`
    SELECT sr.item_id, r.rater_type, r.body FROM suite_rating sr JOIN eval_record r ON r.eval_id = sr.eval_id
    WHERE sr.suite_id = ${suiteId}::uuid AND (${itemIds === null} OR sr.item_id = ANY(${itemIds ?? []}::uuid[]))`;
  const byItem = new Map<string, { raterType: string; body: Record<string, unknown> }[]>();
  for (const row of ratings)
    byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), { raterType: row.rater_type, body: row.body }]);
  return items.map((item) => {
    const rated = byItem.get(item.item_id) ?? [];
    return {
      itemId: item.item_id,
      taskId: item.task_id,
      position: item.position,
      ratings: rated.length,
      latestDecision: item.latest_decision,
      ...withDecision(rated, rule, item.latest_decision, item.decision_superseded === true),
    };
  });
}
