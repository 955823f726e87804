// Import reader benchmark: a 100k-line Every Eval Ever file through the EEE
// reader (parse, normalise, dedupe) vs the floor of just reading and
// JSON.parse-ing the same lines, in the same process. Prints lines/s and the
// peak RSS. Database writes are not part of this path yet.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { readItems } from "@/lib/imports/read-items";

const LINES = Number(process.argv[2] ?? 100_000);

function line(index: number): string {
  const agentic = index % 4 === 0;
  const base = {
    schema_version: "instance_level_eval_0.2.0", evaluation_id: "bench", model_id: "acme/acme-chat-2", evaluation_name: "bench_eval",
    sample_id: `s${index}`, sample_hash: `h${index}`, answer_attribution: [], evaluation: { score: index % 2, is_correct: index % 2 === 1 },
    metadata: { bucket: index % 10 },
  };
  return JSON.stringify(agentic
    ? { ...base, interaction_type: "agentic", input: { raw: `Task ${index}: cancel order ${index}`, reference: "done" }, output: null, interactions: [
        { turn_idx: 0, role: "user", content: `Task ${index}: cancel order ${index}` },
        { turn_idx: 1, role: "assistant", content: null, tool_calls: [{ id: "c1", name: "cancel_order", arguments: { id: index } }] },
        { turn_idx: 2, role: "tool", content: "{\"ok\":true}", tool_call_id: "c1" },
        { turn_idx: 3, role: "assistant", content: "Cancelled." }] }
    : { ...base, interaction_type: "single_turn", input: { raw: `What is ${index} + ${index}? Explain briefly.`, reference: String(2 * index) }, output: { raw: `${index} + ${index} = ${2 * index}.` } });
}

const dir = await mkdtemp(path.join(tmpdir(), "evalform-bench-"));
const file = path.join(dir, "eee.jsonl");
// Written line by line, so the file never sits in this process's memory.
const out = createWriteStream(file);
for (let index = 0; index < LINES; index++) {
  if (!out.write(`${line(index)}\n`)) await once(out, "drain");
}
out.end();
await once(out, "finish");

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
