// The process's Prometheus metrics: request latency per route, and counters
// that the services bump (records stored, imports, exports). Scraped through
// /api/metrics (metrics-scrape.ts adds the gauges read at scrape time).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

type Metrics = {
  registry: Registry;
  requestDuration: Histogram<"route" | "method" | "status">;
  recordsStored: Counter<"rater_type">;
  importsCommitted: Counter;
  itemsImported: Counter;
  exports: Counter;
  exportedRecords: Counter;
  exportedBytes: Counter;
  poolConnections: Gauge<"pool" | "state">;
  poolWaiting: Gauge<"pool">;
  queueDepth: Gauge<"queue" | "state">;
};

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requestDuration: new Histogram({
      name: "evalform_http_request_duration_seconds",
      help: "API request latency by route template, method and status",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    recordsStored: new Counter({
      name: "evalform_records_stored_total",
      help: "AIF records stored, by rater type",
      labelNames: ["rater_type"],
      registers,
    }),
    importsCommitted: new Counter({
      name: "evalform_imports_committed_total",
      help: "Item imports committed",
      registers,
    }),
    itemsImported: new Counter({
      name: "evalform_import_items_total",
      help: "Items added by committed imports",
      registers,
    }),
    exports: new Counter({ name: "evalform_exports_total", help: "Record exports completed", registers }),
    exportedRecords: new Counter({
      name: "evalform_export_records_total",
      help: "Records written by exports",
      registers,
    }),
    exportedBytes: new Counter({ name: "evalform_export_bytes_total", help: "Bytes written by exports", registers }),
    poolConnections: new Gauge({
      name: "evalform_db_pool_connections",
      help: "Connections of this process's database pools (state: total, idle)",
      labelNames: ["pool", "state"],
      registers,
    }),
    poolWaiting: new Gauge({
      name: "evalform_db_pool_waiting_requests",
      help: "Queries waiting for a pooled connection",
      labelNames: ["pool"],
      registers,
    }),
    queueDepth: new Gauge({
      name: "evalform_job_queue_depth",
      help: "Background work waiting or in progress (judge_run_item: pending, claimed; item_import: reading)",
      labelNames: ["queue", "state"],
      registers,
    }),
  };
}

// One set per process: Next may load this module once per bundle, and a
// second registry would split the counts.
const globalForMetrics = globalThis as unknown as { evalformMetrics?: Metrics };

export function metrics(): Metrics {
  globalForMetrics.evalformMetrics ??= createMetrics();
  return globalForMetrics.evalformMetrics;
}

export function observeRequestDuration(
  labels: { route: string; method: string; status: number },
  seconds: number,
): void {
  metrics().requestDuration.observe(
    { route: labels.route, method: labels.method, status: String(labels.status) },
    seconds,
  );
}

export function countRecordStored(raterType: string): void {
  metrics().recordsStored.inc({ rater_type: raterType });
}

export function countImport(itemsImported: number): void {
  metrics().importsCommitted.inc();
  metrics().itemsImported.inc(itemsImported);
}

/** One finished export: how many records and bytes it wrote. */
export function countExport(records: number, bytes: number): void {
  metrics().exports.inc();
  metrics().exportedRecords.inc(records);
  metrics().exportedBytes.inc(bytes);
}
