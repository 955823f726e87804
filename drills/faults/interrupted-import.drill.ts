// Drill 2: the app killed -9 in the middle of an item import, once while the
// file is being uploaded and staged, once while the staged lines are being
// committed. After the restart nothing of the half import may be visible, and
// running the import again must bring in exactly the file's items, once.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { prepareSetup, type DatabaseSetup } from "@/process-tests/support/database-setups";
import { line } from "../../bench/support/eee-lines";
import { drillCase, type Drill, type DrillCase, type DrillContext, type DrillResult } from "../support/drill";
import { createDrillUser, sessionOf, startDrillApp, type DrillApp } from "./drill-app";
import { killedDuringRecordImport, writeRecordFile } from "./interrupted-record-import";
import { stalledUpload } from "./stalled-upload";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3502);

type ImportView = {
  id: string;
  status: string;
  lines_read: number;
  accepted: number;
  imported: number | null;
  already_present: number | null;
  failure: string | null;
};

export const interruptedImportDrill: Drill = {
  id: "interrupted-import",
  title: "2. Interrupted import",
  summary:
    'An Every Eval Ever file (`POST /api/imports` + `PUT /api/imports/:id/file`) into the built app on a fresh database; the app is killed -9 (a) while the file is being uploaded and staged, (b) while the staged lines are being committed into `item`, and started again. Then: no item of the half import is in the database, the import does not say committed, and importing again (a new import after (a); "import the valid lines" after (b)) brings in exactly the file\'s items. (c) The same for a file of complete records sent to `POST /api/records/import` (one transaction), killed mid-file. tried = lines in the file; lost = items (records) missing after the re-run; duplicated = items (records) beyond one per line.',
  quick: true,
  everySetup: true,
  run: runInterruptedImportDrill,
};

async function runInterruptedImportDrill(context: DrillContext): Promise<DrillResult> {
  // The quick run kills on a 20,000-line file on every setup (the kill still lands mid-upload: after
  // ~13,000 lines here); --full uses 100,000 lines.
  const lines = context.full ? 100_000 : 20_000;
  const dir = mkdtempSync(path.join(os.tmpdir(), "evalform-drill-import-"));
  const setup: DatabaseSetup = await prepareSetup(context.setup, { label: "interrupted" });
  let app: DrillApp | null = null;
  try {
    const uploadFile = path.join(dir, "upload.jsonl");
    const commitFile = path.join(dir, "commit.jsonl");
    const recordFile = path.join(dir, "records.jsonl");
    const records = context.full ? 20_000 : 5_000;
    await writeRecordFile(recordFile, records);
    // Two files with different samples, so the second case does not meet the first one's items.
    await writeEee(uploadFile, 0, lines);
    await writeEee(commitFile, lines, lines);
    app = await startDrillApp({ port: PORT, setup });
    // A getter: the embedded server may come back on another port after the app is killed.
    const databaseUrl = setup.databaseUrl;
    const admin = await createDrillUser(databaseUrl(), ["admin"], "import-drill");
    const cookie = await sessionOf(app.url, admin);
    const api = apiOf(app.url, cookie);
    const figures: string[] = [];
    const cases = [
      await killedWhileUploading({ context, app, api, databaseUrl, file: uploadFile, lines, figures }),
      await killedWhileCommitting({ context, app, api, databaseUrl, file: commitFile, lines, figures }),
      await killedDuringRecordImport({ context, app, cookie, databaseUrl, file: recordFile, records, figures }),
    ];
    return { cases, figures };
  } finally {
    app?.dispose();
    await setup.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function writeEee(file: string, from: number, count: number): Promise<void> {
  const out = createWriteStream(file);
  for (let index = from; index < from + count; index++) {
    if (!out.write(`${line(index)}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

type Api = {
  create: () => Promise<ImportView>;
  /** Starts the upload; resolves with the answer, or rejects when the server goes away. */
  upload: (id: string, body: Readable) => Promise<ImportView>;
  get: (id: string) => Promise<ImportView>;
  decide: (id: string, decision: string) => Promise<ImportView>;
};

function apiOf(url: string, cookie: string): Api {
  const headers = { cookie, origin: url, "content-type": "application/json" };
  const json = async (response: Response) => {
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return (await response.json()) as ImportView;
  };
  return {
    create: async () =>
      json(
        await fetch(`${url}/api/imports`, {
          method: "POST",
          headers,
          body: JSON.stringify({ format: "eee", file_name: "drill.jsonl" }),
        }),
      ),
    upload: async (id, body) =>
      json(
        await fetch(`${url}/api/imports/${id}/file`, {
          method: "PUT",
          headers: { ...headers, "content-type": "application/x-ndjson" },
          body: Readable.toWeb(body) as unknown as ReadableStream,
          duplex: "half",
        } as RequestInit),
      ),
    get: async (id) => json(await fetch(`${url}/api/imports/${id}`, { headers, signal: AbortSignal.timeout(30_000) })),
    decide: async (id, decision) =>
      json(
        await fetch(`${url}/api/imports/${id}/decision`, {
          method: "POST",
          headers,
          body: JSON.stringify({ decision }),
        }),
      ),
  };
}

type ItemCounts = { items: number; distinct: number; fromImport: number; staged: number };

async function itemCounts(databaseUrl: string, importId: string): Promise<ItemCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ items: string; distinct: string; from_import: string; staged: string }>(
      `SELECT (SELECT count(*) FROM item) AS items, (SELECT count(DISTINCT identity) FROM item) AS distinct,
              (SELECT count(*) FROM item WHERE import_id = $1::uuid) AS from_import,
              (SELECT count(*) FROM import_staged_item WHERE import_id = $1::uuid) AS staged`,
      [importId],
    );
    const row = rows[0]!;
    return {
      items: Number(row.items),
      distinct: Number(row.distinct),
      fromImport: Number(row.from_import),
      staged: Number(row.staged),
    };
  } finally {
    await client.end();
  }
}

async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(everyMs);
  }
}

type CaseOptions = {
  context: DrillContext;
  app: DrillApp;
  api: Api;
  databaseUrl: () => string;
  file: string;
  lines: number;
  figures: string[];
};

async function killedWhileUploading(options: CaseOptions): Promise<DrillCase> {
  const { app, api, lines } = options;
  // Past the first 10 MiB: Next.js holds that much of a body for the proxy before the handler sees any of it.
  const killAt = Math.floor(lines * 0.7);
  const half = await api.create();
  const stall = new AbortController();
  const upload = api.upload(half.id, stalledUpload(options.file, killAt, stall.signal)).then(
    () => "answered",
    (error: Error) => `failed (${error.message})`,
  );
  const reading = await waitFor(
    () => api.get(half.id),
    (view) => view.lines_read >= killAt - 1_000,
    120_000,
  );
  await app.kill();
  stall.abort();
  const uploadOutcome = await upload;
  const atKill = await itemCounts(options.databaseUrl(), half.id);
  const restartedAt = performance.now();
  await app.start();
  const restartSeconds = (performance.now() - restartedAt) / 1000;
  const afterRestart = await api.get(half.id);
  // The reading import is recognised as interrupted once its heartbeat is stale (30 s).
  const interrupted = await waitFor(
    () => api.get(half.id),
    (view) => view.status !== "reading",
    60_000,
    1_000,
  );
  const shownInterruptedAfter = (performance.now() - restartedAt) / 1000;
  const again = await api.create();
  const rerun = await api.upload(again.id, createReadStream(options.file));
  const swept = await api.get(half.id);
  const final = await itemCounts(options.databaseUrl(), half.id);
  options.context.log(
    `upload case: killed at ${reading.lines_read} lines read; re-run ${rerun.status} with ${rerun.imported} items`,
  );
  options.figures.push(
    `- Killed while uploading: the server had read ${reading.lines_read} of ${lines} lines (${atKill.staged} staged, invisible) when it was killed; the upload ${uploadOutcome}. The app was ready again after ${restartSeconds.toFixed(1)} s; the import read \`${afterRestart.status}\` at first and \`${interrupted.status}\` ${shownInterruptedAfter.toFixed(1)} s after the restart; the next import swept it to \`${swept.status}\` (${final.staged} staged lines left) and imported ${rerun.imported} items.`,
  );
  const duplicated = final.items - final.distinct;
  return drillCase({
    name: `${lines}-line EEE import, app killed -9 while uploading (after ${reading.lines_read} lines)`,
    tried: lines,
    refused: 0,
    lost: Math.max(0, lines - final.distinct),
    duplicated,
    ok:
      reading.lines_read >= killAt - 1_000 &&
      atKill.items === 0 &&
      afterRestart.status !== "committed" &&
      interrupted.status === "interrupted" &&
      rerun.status === "committed" &&
      rerun.imported === lines &&
      final.items === lines &&
      swept.status === "failed" &&
      final.staged === 0,
    detail: `items visible after the kill: ${atKill.items}; import after the restart: ${afterRestart.status}, then ${interrupted.status}; re-run: ${rerun.status}, ${rerun.imported} imported; items now ${final.items} (${final.distinct} distinct); the interrupted import ${swept.status}, ${final.staged} staged lines left`,
  });
}

async function killedWhileCommitting(options: CaseOptions): Promise<DrillCase> {
  const { app, api, lines } = options;
  const started = await api.create();
  const upload = api.upload(started.id, createReadStream(options.file)).then(
    (view) => `answered ${view.status}`,
    (error: Error) => `failed (${error.message})`,
  );
  // The file is read; its clean lines are being committed in one transaction right now.
  const committing = await waitFor(
    () => api.get(started.id),
    (view) => view.status !== "reading",
    300_000,
    25,
  );
  await app.kill();
  const uploadOutcome = await upload;
  const atKill = await itemCounts(options.databaseUrl(), started.id);
  await app.start();
  const afterRestart = await api.get(started.id);
  const hitCommit = committing.status === "awaiting_decision";
  const rerun =
    afterRestart.status === "awaiting_decision" ? await api.decide(started.id, "import_valid_lines") : afterRestart;
  // The same file once more, as a new import: nothing may be imported twice.
  const twice = await api.create();
  const repeat = await api.upload(twice.id, createReadStream(options.file));
  const final = await itemCounts(options.databaseUrl(), started.id);
  const itemsOfThisFile = final.fromImport;
  options.context.log(
    `commit case: killed while ${committing.status}; re-run ${rerun.status} with ${rerun.imported} items`,
  );
  options.figures.push(
    `- Killed while committing: the kill came while the import was \`${committing.status}\`${hitCommit ? " (lines read, commit transaction running)" : " (the commit had already finished: the window was missed)"}; the upload ${uploadOutcome}. After the restart: ${atKill.fromImport} items of it in \`item\`, status \`${afterRestart.status}\`, ${atKill.staged} lines still staged; "import the valid lines" then: \`${rerun.status}\`, ${rerun.imported} imported; the same file as a new import: ${repeat.imported} imported, ${repeat.already_present} already present.`,
  );
  return drillCase({
    name: `${lines}-line EEE import, app killed -9 while committing`,
    tried: lines,
    refused: 0,
    lost: Math.max(0, lines - itemsOfThisFile),
    duplicated: final.items - final.distinct + (repeat.imported ?? 0),
    ok:
      hitCommit &&
      atKill.fromImport === 0 &&
      afterRestart.status === "awaiting_decision" &&
      rerun.status === "committed" &&
      rerun.imported === lines &&
      repeat.already_present === lines,
    detail: `killed while ${committing.status}; items of it after the kill: ${atKill.fromImport}; after the restart: ${afterRestart.status}; import the valid lines: ${rerun.status}, ${rerun.imported} imported; the file again: ${repeat.imported} imported, ${repeat.already_present} already present; items ${final.items} (${final.distinct} distinct)`,
  });
}
