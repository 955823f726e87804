// N clients, each sending its next request as soon as the last one answered,
// for a fixed time: the throughput and latency percentiles a pool of that
// many users would see. The same loop drives the app and its baseline.
import { percentile } from "./report";

export type LoopFigures = {
  clients: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
};

export async function closedLoop(options: {
  clients: number;
  durationMs: number;
  request: (client: number, sequence: number) => Promise<boolean>;
}): Promise<LoopFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let sequence = 0;
  const start = performance.now();
  const end = start + options.durationMs;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      while (performance.now() < end) {
        const sent = performance.now();
        const ok = await options.request(client, sequence++).catch(() => false);
        latencies.push(performance.now() - sent);
        if (!ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    clients: options.clients,
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
