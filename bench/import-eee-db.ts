// Import benchmark: a 100k-line Every Eval Ever file through evalform's import
// path (stream → parse → normalise → stage in batches → commit into `item` in
// one transaction) vs `psql \copy` of the same rows already normalised, into a
// table with the same indexes, on the same database in the same run. Prints
// lines/s, the ratio, and this process's peak RSS during the import.
// Run: npm run bench:import-db [-- --quick | LINES]   (creates and drops its own database)
import { execFileSync } from "node:child_process";
import { createReadStream, createWriteStream, statSync } from "node:fs";
import { once } from "node:events";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { identityOf, readItems } from "@/lib/imports/read-items";
import { createImport, readImportFile } from "@/lib/imports/service";
import { createTestUser } from "@/lib/testing/test-users";
import { writeEeeFile } from "./support/eee-lines";
import { benchArgs, ratio, reportBench } from "./support/report";

const { quick, sizes } = benchArgs();
const LINES = sizes[0] ?? (quick ? 5_000 : 100_000);
const dir = await mkdtemp(path.join(tmpdir(), "evalform-bench-"));
const file = path.join(dir, "eee.jsonl");
await writeEeeFile(file, LINES);

// COPY's text format: backslash, tab and newline escaped; \N is null.
const copyField = (value: string | null) =>
  value === null ? "\\N" : value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n");

// The baseline's input: the same items, normalised ahead of time (not timed).
const rowsFile = path.join(dir, "items.tsv");
const rows = createWriteStream(rowsFile);
await readItems(createReadStream(file), { format: "eee" }, async (item, line) => {
  const fields = [
    identityOf(item),
    item.task.task_id,
    item.task.suite_id ?? null,
    item.subject.system_under_test,
    item.task.modality ?? null,
    item.task.gold_item_id ? "t" : "f",
    JSON.stringify(item),
    String(line),
  ];
  if (!rows.write(`${fields.map(copyField).join("\t")}\n`)) await once(rows, "drain");
});
rows.end();
await once(rows, "finish");

await db().$executeRawUnsafe("CREATE TABLE bench_item_copy (LIKE item INCLUDING ALL)");
const copyStart = performance.now();
execFileSync("psql", [
  requireDatabaseUrl(),
  "-q",
  "-c",
  `\\copy bench_item_copy (identity, task_id, source_suite_id, system_under_test, modality, is_gold, body, import_line) FROM '${rowsFile}'`,
]);
const copySeconds = (performance.now() - copyStart) / 1000;

const admin = await createTestUser(["admin"]);
globalThis.gc?.();
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
let peakHeap = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
}, 20);
const importStart = performance.now();
const created = await createImport({ actor: admin, input: { format: "eee", file_name: "bench.jsonl" } });
const summary = await readImportFile({ actor: admin, importId: created.id, file: createReadStream(file) });
const importSeconds = (performance.now() - importStart) / 1000;
clearInterval(sampler);
if (summary.status !== "committed" || summary.imported !== LINES)
  throw new Error(`import did not complete: ${JSON.stringify(summary)}`);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const importRatio = copySeconds / importSeconds;
reportBench({
  id: "import",
  title: "3. Import",
  baseline: "`psql \\copy` of the same items pre-normalised into a table with the same indexes",
  sizes: `${LINES.toLocaleString("en")} Every Eval Ever lines (${mb(statSync(file).size)} MB file)`,
  tables: [
    {
      header: ["path", "lines/s", "ratio to COPY", "peak RSS MB (before)", "peak JS heap MB"],
      rows: [
        [
          "psql \\copy of pre-normalised rows (baseline)",
          String(Math.round(LINES / copySeconds)),
          "1.00",
          "(psql process)",
          "–",
        ],
        [
          "evalform import (parse + normalise + stage + commit)",
          String(Math.round(LINES / importSeconds)),
          importRatio.toFixed(2),
          `${mb(peakRss)} (${mb(rssBefore)})`,
          mb(peakHeap),
        ],
      ],
    },
  ],
  targets: [
    {
      name: "lines/s vs COPY of pre-normalised rows",
      target: "≥ 0.30",
      measured: ratio(LINES / importSeconds, LINES / copySeconds),
      met: importRatio >= 0.3,
    },
    {
      name: "memory bounded: peak RSS growth during the import",
      target: "bounded (≤ 150 MB growth)",
      measured: `${mb(peakRss - rssBefore)} MB`,
      met: peakRss - rssBefore <= 150 * 1024 * 1024,
    },
  ],
});
await db().$disconnect();
