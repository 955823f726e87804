// Import reader benchmark: a 100k-line Every Eval Ever file through the EEE
// reader (parse, normalise, dedupe) vs the floor of just reading and
// JSON.parse-ing the same lines, in the same process. Prints lines/s and the
// peak RSS. The same samples as 0.3.0 records (each held to the 0.3.0 schema)
// against their own floor. bench/import-eee-db.ts measures the whole import
// into PostgreSQL.
import { createReadStream } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { readItems } from "@/lib/imports/read-items";
import { writeEeeFile } from "./support/eee-lines";
import { benchArgs, reportBench } from "./support/report";

const { quick, sizes } = benchArgs();
const LINES = sizes[0] ?? (quick ? 5_000 : 100_000);

const dir = await mkdtemp(path.join(tmpdir(), "evalform-bench-"));
const file = path.join(dir, "eee.jsonl");
await writeEeeFile(file, LINES);
const file030 = path.join(dir, "eee-0.3.0.jsonl");
await writeEeeFile(file030, LINES, "0.3");

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

async function timed<T>(run: () => Promise<T>): Promise<{ seconds: number; result: T; peakMb: number }> {
  globalThis.gc?.();
  peakRss = process.memoryUsage().rss;
  const start = performance.now();
  const result = await run();
  return { seconds: (performance.now() - start) / 1000, result, peakMb: peakRss / 1024 / 1024 };
}

const floorOf = (source: string) =>
  timed(async () => {
    let parsed = 0;
    for await (const text of createInterface({ input: createReadStream(source), crlfDelay: Infinity })) {
      if (text) {
        JSON.parse(text);
        parsed += 1;
      }
    }
    return parsed;
  });
const floor = await floorOf(file);
const reader = await timed(() => readItems(createReadStream(file), { format: "eee" }));
const floor030 = await floorOf(file030);
const reader030 = await timed(() => readItems(createReadStream(file030), { format: "eee" }));
clearInterval(sampler);
for (const { result } of [reader, reader030])
  if (result.accepted !== LINES) throw new Error(`expected ${LINES} accepted, got ${result.accepted}`);

reportBench({
  id: "import-read",
  title: "3b. Import: the EEE reader alone",
  baseline: "readline + JSON.parse of the same lines, in the same process",
  sizes: `${LINES.toLocaleString("en")} Every Eval Ever lines each in 0.2.0 and in 0.3.0 (${((await import("node:fs")).statSync(file).size / 1024 / 1024).toFixed(0)} MB)`,
  tables: [
    {
      header: ["path", "lines/s", "ratio to floor", "peak RSS MB"],
      rows: [
        ["readline + JSON.parse (floor)", String(Math.round(LINES / floor.seconds)), "1.00", floor.peakMb.toFixed(0)],
        [
          "evalform EEE reader (parse, normalise, dedupe)",
          String(Math.round(LINES / reader.seconds)),
          (floor.seconds / reader.seconds).toFixed(2),
          reader.peakMb.toFixed(0),
        ],
        [
          "readline + JSON.parse of the 0.3.0 lines (floor)",
          String(Math.round(LINES / floor030.seconds)),
          "1.00",
          floor030.peakMb.toFixed(0),
        ],
        [
          "evalform EEE reader on 0.3.0 lines (+ the 0.3.0 schema check)",
          String(Math.round(LINES / reader030.seconds)),
          (floor030.seconds / reader030.seconds).toFixed(2),
          reader030.peakMb.toFixed(0),
        ],
      ],
    },
  ],
  targets: [],
  notes: ["No target of its own: it shows how much of the import (3.) the reader takes."],
});
