// Records browser benchmark: one filtered page (50 records) of the browser's
// query (lib/records/browse.ts, what GET /records and GET /api/records run at
// the server) over 100,000 records, for the filters an admin uses — text in
// rationales, rater by name, score ranges, hazard verdicts, system, a score
// order, a deep keyset page. Baseline in the same process: the cheapest page
// there is, raw pg reading the newest 50 rows of eval_record by its index.
// Run: npm run bench:records-browser [-- --quick | RECORDS]   (own database)
import pg from "pg";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { parseRecordFilter } from "@/lib/export/record-filter";
import { browseRecords } from "@/lib/records/browse";
import { seedRecords } from "@/lib/records/seed-records";
import { createTestUser } from "@/lib/testing/test-users";
import { benchArgs, percentile, reportBench } from "./support/report";

const { quick, sizes } = benchArgs();
const RECORDS = sizes[0] ?? (quick ? 5_000 : 100_000);
const ROUNDS = quick ? 20 : 200;
const RATERS = 20;
const pool = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 2 });

const admin = await createTestUser(["admin"], { label: "bench-admin" });
const raters = await Promise.all(
  Array.from({ length: RATERS }, () => createTestUser(["rater"], { label: "bench-rater" })),
);
// One word in a thousand rationales is rare ("kumquat"): a search that finds about a tenth of a percent.
const words = Array.from({ length: 1000 }, (_, index) =>
  index === 0 ? "kumquat" : ["concise", "padded", "accurate", "evasive", "verbose"][index % 5]!,
);
const seedStart = performance.now();
for (let done = 0; done < RECORDS; done += 20_000) {
  await seedRecords(pool, {
    count: Math.min(20_000, RECORDS - done),
    // Suites run side by side: their records interleave in time.
    suiteKey: ["bench-suite-0", "bench-suite-1", "bench-suite-2", "bench-suite-3"],
    raterIds: raters.map((rater) => rater.userId),
    newest: new Date(Date.UTC(2026, 9, 1) - done * 1000),
    words,
  });
}
await pool.query("VACUUM ANALYZE eval_record");
const seedSeconds = (performance.now() - seedStart) / 1000;

const filter = (query: string) => parseRecordFilter(new URLSearchParams(query));
const cases: { name: string; query: string; sort?: string; deep?: number }[] = [
  { name: "no filter, newest first", query: "" },
  { name: "text: a rare word (kumquat)", query: "q=kumquat" },
  { name: "text: a common word, one suite", query: "q=evasive&suite_id=bench-suite-1" },
  {
    name: "rater by name + helpfulness 1..2",
    query: `rater_name=${encodeURIComponent(raters[5]!.name)}&score=universal.helpfulness:1..2`,
  },
  { name: "any hazard violating + system", query: "hazard=any:violating&system=Globex%20Chat" },
  { name: "date range + rater type", query: "from=2026-09-30T06:00:00Z&to=2026-09-30T12:00:00Z&rater_type=human" },
  {
    name: "one suite, by helpfulness (highest first)",
    query: "suite_id=bench-suite-2",
    sort: "-score:universal.helpfulness",
  },
  { name: "page 20 (keyset cursor), newest first", query: "rater_type=human", deep: 20 },
];

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  for (let warm = 0; warm < 3; warm += 1) await run();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

const baselineSql = `SELECT eval_id, created_at, rater_type, rater_id, task_id, suite_id, derived_from
  FROM eval_record ORDER BY created_at DESC, eval_id DESC LIMIT 51`;
const baseline = await timed(() => pool.query(baselineSql));
const rows: string[][] = [];
let worstP95 = 0;
try {
  for (const entry of cases) {
    const parsed = filter(entry.query);
    // A deep page starts from the cursor of the page before it, as the browser's "Next page" does.
    let cursor: string | null = null;
    for (let page = 1; page < (entry.deep ?? 1); page += 1)
      cursor = (await browseRecords({ actor: admin, filter: parsed, sort: entry.sort, cursor, limit: 50 })).nextCursor;
    let found = 0;
    const times = await timed(async () => {
      found = (await browseRecords({ actor: admin, filter: parsed, sort: entry.sort, cursor, limit: 50 })).records
        .length;
    });
    const p95 = percentile(times, 95);
    worstP95 = Math.max(worstP95, p95);
    rows.push([
      entry.name,
      String(found),
      percentile(times, 50).toFixed(1),
      p95.toFixed(1),
      (p95 / percentile(baseline, 95)).toFixed(1),
    ]);
  }
} finally {
  await pool.end();
  await db().$disconnect();
}
rows.push([
  "baseline: raw pg, newest 50, no filter",
  "50",
  percentile(baseline, 50).toFixed(1),
  percentile(baseline, 95).toFixed(1),
  "1.0",
]);

reportBench({
  id: "records-browser",
  title: "Records browser: one filtered page at the server",
  baseline: "raw pg in the same process: the newest 50 rows of eval_record by its (created_at, eval_id) index",
  sizes: `${RECORDS.toLocaleString("en")} records, ${RATERS} raters, ${ROUNDS} rounds per case (seeded in ${seedSeconds.toFixed(1)} s)`,
  tables: [
    {
      caption: "A page of 50 records through browseRecords (the SQL of GET /records and GET /api/records), in ms",
      header: ["filter", "records on the page", "p50 ms", "p95 ms", "p95 / baseline p95"],
      rows,
    },
  ],
  targets: [
    {
      name: "worst filtered page p95 at the server",
      target: "≤ 100 ms",
      measured: `${worstP95.toFixed(1)} ms`,
      met: worstP95 <= 100,
    },
  ],
  notes: ["Sequential requests on one connection; the text search uses the trigram index eval_record_search_trgm_idx."],
});
