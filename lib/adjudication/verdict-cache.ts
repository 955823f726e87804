// The item verdicts of a suite, computed once per state of its data: reading
// every rating body and judging every item is most of an adjudication read,
// and nothing it depends on changes between most reads. The state is the
// suite's counted records (suite_record is append-only: its count and latest
// time name the set; an adjudication adds one too), its items and its rule.
// Kept in this process: a stale entry is never served, because the state is
// read from the database at every call; another process computes its own.
import "server-only";
import type { DbClient } from "@/lib/db";
import type { AdjudicationRule } from "./rule";
import { suiteItemVerdicts, type SuiteItemVerdict } from "./suite-verdicts";

const MAX_SUITES = 20;
const cache = new Map<string, { state: string; verdicts: SuiteItemVerdict[] }>();

/** What the suite's verdicts depend on, as one string. */
export async function suiteVerdictState(client: DbClient, suiteId: string, rule: AdjudicationRule): Promise<string> {
  const [row] = await client.$queryRaw<{ records: bigint; latest: Date | null; items: bigint }[]>`
    SELECT (SELECT count(*) FROM suite_record WHERE suite_id = ${suiteId}::uuid) AS records,
           (SELECT max(created_at) FROM suite_record WHERE suite_id = ${suiteId}::uuid) AS latest,
           (SELECT count(*) FROM suite_item WHERE suite_id = ${suiteId}::uuid) AS items`;
  return JSON.stringify([Number(row?.records ?? 0), row?.latest?.toISOString() ?? null, Number(row?.items ?? 0), rule]);
}

/** The suite's verdicts, from this process's cache when its data has not changed since they were computed. */
export async function cachedSuiteItemVerdicts(
  client: DbClient,
  suiteId: string,
  rule: AdjudicationRule,
): Promise<{ state: string; verdicts: SuiteItemVerdict[] }> {
  const state = await suiteVerdictState(client, suiteId, rule);
  const hit = cache.get(suiteId);
  if (hit && hit.state === state) return hit;
  const entry = { state, verdicts: await suiteItemVerdicts(client, suiteId, rule) };
  cache.delete(suiteId);
  cache.set(suiteId, entry);
  // The oldest entry goes first (a Map keeps insertion order).
  if (cache.size > MAX_SUITES) cache.delete(cache.keys().next().value!);
  return entry;
}
