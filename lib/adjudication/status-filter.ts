// The `status=` record filter resolved to suite items: the items whose status
// under their suite's adjudication rule is the one asked for. Only suites
// that count a record matching the rest of the filter are looked at (without
// a suite, every suite's items would be judged for records in a few), and
// each suite's verdicts come from the verdict cache. Exports and listings
// call it before building their query.
import "server-only";
import type { DbClient } from "@/lib/db";
import { recordFilterSql, type RecordFilter, type StatusItems } from "@/lib/export/record-filter";
import { parseAdjudicationRule } from "./suite-verdicts";
import { cachedSuiteItemVerdicts } from "./verdict-cache";

export async function resolveStatusFilter(client: DbClient, filter: RecordFilter): Promise<StatusItems | undefined> {
  if (filter.status === undefined) return undefined;
  const { status, ...rest } = filter;
  const { where, values } = recordFilterSql(rest);
  const suites = await client.$queryRawUnsafe<{ id: string; adjudication_rule: unknown }[]>(
    `SELECT s.id, s.adjudication_rule FROM suite s
     WHERE EXISTS (SELECT 1 FROM suite_record sr JOIN eval_record r ON r.eval_id = sr.eval_id WHERE sr.suite_id = s.id AND ${where})`,
    ...values,
  );
  const resolved: StatusItems = { suiteIds: [], itemIds: [] };
  for (const suite of suites) {
    const { verdicts } = await cachedSuiteItemVerdicts(
      client,
      suite.id,
      parseAdjudicationRule(suite.adjudication_rule),
    );
    for (const verdict of verdicts) {
      if (verdict.status !== status) continue;
      resolved.suiteIds.push(suite.id);
      resolved.itemIds.push(verdict.itemId);
    }
  }
  return resolved;
}
