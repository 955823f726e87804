// Drill 2, third case: the app killed -9 while `POST /api/records/import` is
// reading a file of complete records (an export of another instance). The
// import is one transaction: after the kill no record of it may be stored,
// and sending the file again must store each record once.
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { completeRecord } from "@/lib/aif/server-fields";
import { drillCase, type DrillCase, type DrillContext } from "../support/drill";
import type { DrillApp } from "./drill-app";
import { stalledUpload } from "./stalled-upload";

type ImportAnswer = {
  records_read?: number;
  imported?: number;
  already_present?: number;
  refused?: number;
  stored?: boolean;
};

export async function writeRecordFile(file: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  const start = Date.parse("2026-01-01T00:00:00Z");
  for (let index = 0; index < count; index++) {
    const draft = chatDraft({ task: { ...chatDraft().task, task_id: `record-import-${index}` } });
    const record = completeRecord(
      { ...draft, rater: { type: "human", id: "drill-rater" } },
      { evalId: randomUUID(), createdAt: new Date(start + index * 1000) },
    );
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function post(url: string, cookie: string, body: Readable): Promise<ImportAnswer> {
  const response = await fetch(`${url}/api/records/import`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/x-ndjson" },
    body: Readable.toWeb(body) as unknown as ReadableStream,
    duplex: "half",
  } as RequestInit);
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as ImportAnswer;
}

async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

export async function killedDuringRecordImport(options: {
  context: DrillContext;
  app: DrillApp;
  cookie: string;
  databaseUrl: () => string;
  file: string;
  records: number;
  figures: string[];
}): Promise<DrillCase> {
  const { app, records } = options;
  const stallAt = Math.floor(records * 0.6);
  const release = new AbortController();
  const upload = post(app.url, options.cookie, stalledUpload(options.file, stallAt, release.signal)).then(
    () => "answered",
    (error: Error) => `failed (${error.message})`,
  );
  // The import's transaction has written rows (it holds a transaction id) and waits for more of the file.
  const writing = async () =>
    (
      await query<{ n: string }>(
        options.databaseUrl(),
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL AND pid <> pg_backend_pid()",
      )
    )[0]!.n !== "0";
  let midImport = false;
  for (let waited = 0; waited < 120_000 && !(midImport = await writing()); waited += 200) await sleep(200);
  await sleep(2_000); // let the server take in all it was sent
  await app.kill();
  release.abort();
  const uploadOutcome = await upload;
  const count = async () =>
    Number(
      (
        await query<{ n: string }>(
          options.databaseUrl(),
          "SELECT count(*) AS n FROM eval_record WHERE task_id LIKE 'record-import-%'",
        )
      )[0]!.n,
    );
  const afterKill = await count();
  await app.start();
  const rerun = await post(app.url, options.cookie, createReadStream(options.file));
  const again = await post(app.url, options.cookie, createReadStream(options.file));
  const final = await count();
  options.context.log(`record import case: ${afterKill} stored after the kill; re-run imported ${rerun.imported}`);
  options.figures.push(
    `- Record import killed: ${stallAt} of ${records} records sent and the import's transaction writing (${midImport ? "seen in pg_stat_activity" : "NOT seen"}) when the app was killed; the upload ${uploadOutcome}. Records stored after the kill: ${afterKill}; sending the file again: ${rerun.imported} imported, ${rerun.already_present} already present; a third time: ${again.imported} imported, ${again.already_present} already present; ${final} stored.`,
  );
  return drillCase({
    name: `${records}-record import (\`POST /api/records/import\`), app killed -9 mid-file`,
    tried: records,
    refused: 0,
    lost: Math.max(0, records - final),
    duplicated: Math.max(0, final - records),
    ok:
      midImport &&
      afterKill === 0 &&
      rerun.imported === records &&
      again.imported === 0 &&
      again.already_present === records &&
      final === records,
    detail: `killed after ${stallAt} records were sent (transaction ${midImport ? "writing" : "not seen"}); stored after the kill: ${afterKill}; re-run: ${rerun.imported} imported; once more: ${again.imported} imported, ${again.already_present} already present; stored ${final}`,
  });
}
