// What /api/metrics answers: the counters and histograms as they stand, plus
// gauges read now (pool connections, queue depth from the database).
import "server-only";
import { poolStats } from "@/lib/db";
import { importsReading } from "@/lib/imports/service";
import { judgeQueueDepth } from "@/lib/judge-runs/service";
import { errorField, logger } from "./logger";
import { metrics } from "./metrics";

export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const { registry, poolConnections, poolWaiting, queueDepth } = metrics();
  for (const stats of poolStats()) {
    poolConnections.set({ pool: stats.pool, state: "total" }, stats.total);
    poolConnections.set({ pool: stats.pool, state: "idle" }, stats.idle);
    poolWaiting.set({ pool: stats.pool }, stats.waiting);
  }
  try {
    const [judge, reading] = await Promise.all([judgeQueueDepth(), importsReading()]);
    queueDepth.set({ queue: "judge_run_item", state: "pending" }, judge.pending);
    queueDepth.set({ queue: "judge_run_item", state: "claimed" }, judge.claimed);
    queueDepth.set({ queue: "item_import", state: "reading" }, reading);
  } catch (error) {
    // A scrape during a database outage still answers (pool and request
    // figures matter most then); stale queue figures are dropped, not repeated.
    queueDepth.reset();
    logger().warn({ err: errorField(error) }, "metrics: queue depth unavailable");
  }
  return { contentType: registry.contentType, body: await registry.metrics() };
}
