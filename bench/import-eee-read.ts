// Import reader benchmark: a 100k-line Every Eval Ever file through the EEE
// reader (parse, normalise, dedupe) vs the floor of just reading and
// JSON.parse-ing the same lines, in the same process. Prints lines/s and the
// peak RSS. bench/import-eee-db.ts measures the whole import into PostgreSQL.
import { createReadStream } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { readItems } from "@/lib/imports/read-items";
import { writeEeeFile } from "./support/eee-lines";

const LINES = Number(process.argv[2] ?? 100_000);

const dir = await mkdtemp(path.join(tmpdir(), "evalform-bench-"));
const file = path.join(dir, "eee.jsonl");
await writeEeeFile(file, LINES);

let peakRss = 0;
const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 20);

async function timed<T>(run: () => Promise<T>): Promise<{ seconds: number; result: T; peakMb: number }> {
  globalThis.gc?.();
  peakRss = process.memoryUsage().rss;
  const start = performance.now();
  const result = await run();
  return { seconds: (performance.now() - start) / 1000, result, peakMb: peakRss / 1024 / 1024 };
}

const floor = await timed(async () => {
  let parsed = 0;
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (text) { JSON.parse(text); parsed += 1; }
  }
  return parsed;
});
const reader = await timed(() => readItems(createReadStream(file), { format: "eee" }));
clearInterval(sampler);
if (reader.result.accepted !== LINES) throw new Error(`expected ${LINES} accepted, got ${reader.result.accepted}`);

console.log(`EEE import reader, ${LINES} lines (${(await import("node:fs")).statSync(file).size / 1024 / 1024 | 0} MB)`);
console.log("path | lines/s | ratio to floor | peak RSS MB");
console.log(`readline + JSON.parse (floor) | ${Math.round(LINES / floor.seconds)} | 1.00 | ${floor.peakMb.toFixed(0)}`);
console.log(`evalform EEE reader | ${Math.round(LINES / reader.seconds)} | ${(floor.seconds / reader.seconds).toFixed(2)} | ${reader.peakMb.toFixed(0)}`);
