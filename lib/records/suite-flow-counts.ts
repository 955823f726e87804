// How many records each suite flow has stored in a suite (suite_record), for
// the suite page: SME reviews and adjudications beside the raters' ratings.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { SUITE_FLOWS, type SuiteFlow } from "./counted-in";

export async function suiteFlowCounts(options: { actor: Actor; suiteId: string }): Promise<Record<SuiteFlow, number>> {
  authorize(options.actor, "suites.manage");
  const rows = await db().suiteRecord.groupBy({
    by: ["flow"],
    where: { suiteId: options.suiteId },
    _count: { _all: true },
  });
  const counts = Object.fromEntries(SUITE_FLOWS.map((flow) => [flow, 0])) as Record<SuiteFlow, number>;
  for (const row of rows) counts[row.flow as SuiteFlow] = row._count._all;
  return counts;
}
