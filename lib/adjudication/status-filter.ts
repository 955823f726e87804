// The `status=` record filter resolved to suite items: the items of every
// suite (or the suite whose key the filter names) whose status under the
// suite's adjudication rule is the one asked for. Exports and listings call
// it before building their query.
import "server-only";
import type { DbClient } from "@/lib/db";
import type { RecordFilter, StatusItems } from "@/lib/export/record-filter";
import { parseAdjudicationRule, suiteItemVerdicts } from "./suite-verdicts";

export async function resolveStatusFilter(client: DbClient, filter: RecordFilter): Promise<StatusItems | undefined> {
  if (filter.status === undefined) return undefined;
  const suites = await client.suite.findMany({
    where: filter.suite_id === undefined ? {} : { key: filter.suite_id },
    select: { id: true, adjudicationRule: true },
  });
  const resolved: StatusItems = { suiteIds: [], itemIds: [] };
  for (const suite of suites) {
    for (const verdict of await suiteItemVerdicts(client, suite.id, parseAdjudicationRule(suite.adjudicationRule))) {
      if (verdict.status !== filter.status) continue;
      resolved.suiteIds.push(suite.id);
      resolved.itemIds.push(verdict.itemId);
    }
  }
  return resolved;
}
