// Record import benchmark: a JSONL file of complete AIF records (an export of
// another instance) through evalform's record import (stream → parse → check
// against the contract and its rules → insert in batches of 1,000 → commit,
// lib/records/import-records.ts) vs raw `pg` multi-row INSERTs of the same
// bodies, already hashed, into a table with eval_record's indexes, on the same
// database in the same run. Prints records/s and the ratio; the import runs
// once with new records and once over records already stored (every one
// already present: the conflict path).
// Run: npm run bench:import-records [-- --quick | RECORDS]   (own database)
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { completeRecord } from "@/lib/aif/server-fields";
import { requireDatabaseUrl } from "@/lib/env";
import { recordDigest } from "@/lib/records/canonical-hash";
import { importRecords } from "@/lib/records/import-records";
import { createTestUser } from "@/lib/testing/test-users";
import { benchArgs, ratio, reportBench } from "./support/report";

const { quick, sizes } = benchArgs();
const RECORDS = sizes[0] ?? (quick ? 2_000 : 50_000);
const dir = await mkdtemp(path.join(tmpdir(), "evalform-bench-"));
const file = path.join(dir, "records.jsonl");
const pool = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 2 });

const admin = await createTestUser(["admin"], { label: "bench-admin" });
const out = createWriteStream(file);
const start = Date.UTC(2026, 9, 1);
for (let n = 0; n < RECORDS; n += 1) {
  const draft = chatDraft({ rater: { type: "human", id: `rater-${n % 20}` } });
  draft.task = { ...draft.task, task_id: `task-${n % 1000}`, suite_id: "bench-import-records" };
  const record = completeRecord(draft, { evalId: randomUUID(), createdAt: new Date(start + n * 1000) });
  if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, "drain");
}
out.end();
await once(out, "finish");

const timed = async (run: () => Promise<unknown>) => {
  const begun = performance.now();
  await run();
  return (performance.now() - begun) / 1000;
};

/** The same records under fresh eval_ids: a second file that inserts as much as the first. */
async function freshCopy(name: string): Promise<string> {
  const target = path.join(dir, name);
  const copy = createWriteStream(target);
  for await (const line of createInterface({ input: createReadStream(file) })) {
    const record = JSON.parse(line) as Record<string, unknown>;
    if (!copy.write(`${JSON.stringify({ ...record, eval_id: randomUUID() })}\n`)) await once(copy, "drain");
  }
  copy.end();
  await once(copy, "finish");
  return target;
}

// A warm-up import (validators compiled, pools open), then the timed ones.
const warm = await importRecords({ actor: admin, file: createReadStream(file), pool });
const fresh = await freshCopy("records-fresh.jsonl");
let freshImported = 0;
const freshSeconds = await timed(async () => {
  freshImported = (await importRecords({ actor: admin, file: createReadStream(fresh), pool })).imported;
});
let repeatPresent = 0;
const repeatSeconds = await timed(async () => {
  repeatPresent = (await importRecords({ actor: admin, file: createReadStream(file), pool })).alreadyPresent;
});
if (warm.imported !== RECORDS || freshImported !== RECORDS || repeatPresent !== RECORDS)
  throw new Error(`unexpected reports: ${JSON.stringify({ warm: warm.imported, freshImported, repeatPresent })}`);

// Baseline: the same bodies and digests, prepared ahead of time (not timed), as raw multi-row INSERTs.
await pool.query("CREATE TABLE bench_record_copy (LIKE eval_record INCLUDING ALL)");
const bodies: { evalId: string; text: string; digest: Buffer }[] = [];
for await (const line of createInterface({ input: createReadStream(fresh) })) {
  const record = JSON.parse(line) as Record<string, unknown>;
  bodies.push({ evalId: record.eval_id as string, text: line, digest: recordDigest(record) });
}
const rawSeconds = await timed(async () => {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    for (let at = 0; at < bodies.length; at += 1000) {
      const batch = bodies.slice(at, at + 1000);
      await client.query(
        `INSERT INTO bench_record_copy (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body, body_sha256)
         SELECT (b->>'eval_id')::uuid, (b->>'created_at')::timestamptz, b->'rater'->>'type', b->'rater'->>'id',
                b->'task'->>'task_id', b->'task'->>'suite_id', b, d
         FROM unnest($1::jsonb[], $2::bytea[]) AS u(b, d)`,
        [batch.map((row) => row.text), batch.map((row) => row.digest)],
      );
    }
    await client.query("COMMIT");
  } finally {
    client.release();
  }
});
await pool.end();

const perSecond = (seconds: number) => Math.round(RECORDS / seconds);
reportBench({
  id: "import-records",
  title: "Record import",
  baseline: "raw pg multi-row INSERTs (1,000 a statement) of the same bodies and digests, one transaction",
  sizes: `${RECORDS.toLocaleString("en")} records`,
  tables: [
    {
      header: ["path", "seconds", "records/s", "ratio to raw pg"],
      rows: [
        [
          "import, new records",
          freshSeconds.toFixed(2),
          String(perSecond(freshSeconds)),
          ratio(rawSeconds, freshSeconds),
        ],
        [
          "import again (all already present)",
          repeatSeconds.toFixed(2),
          String(perSecond(repeatSeconds)),
          ratio(rawSeconds, repeatSeconds),
        ],
        ["raw pg INSERT", rawSeconds.toFixed(2), String(perSecond(rawSeconds)), "1.00"],
      ],
    },
  ],
  targets: [],
});
process.exit(0);
