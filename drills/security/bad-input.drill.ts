// Drill 4: bad input on every path that stores something from a client: item
// imports, record imports, judge prefills, record submits and draft saves.
// Each case must be refused with its status, an error naming the place (line,
// JSON Pointer or header) and the rule, nothing stored may change, and the
// server must stay up.
import type { Drill, DrillCase, DrillContext, DrillResult } from "../support/drill";
import { drillCase } from "../support/drill";
import {
  bigUpload,
  hugeLine,
  invalidUtf8Line,
  nestedJson,
  withDeepValue,
  withRawKey,
  withUnknownFields,
} from "./support/bad-payloads";
import {
  addUser,
  api,
  countChanges,
  rowCounts,
  startDrillApp,
  type DrillApp,
  type DrillUser,
} from "./support/drill-app";
import { chatItem, createSuite, draftFor, importItems, judgeRecord, nextAssignment } from "./support/seed";
import { cliEveryLineRefused, clientHangUps, METRICS_TOKEN } from "./client-hangups";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3630);
const UPLOAD_LIMIT = 64 * 1024 * 1024;
const MB = 1024 * 1024;
const KEY = "bad-input";

type Target = "items" | "records-import" | "prefills" | "record" | "draft";
type Body = string | Buffer | ReadableStream<Uint8Array>;
type BadCase = {
  target: Target;
  name: string;
  body: () => Body;
  contentType?: string;
  status: number[];
  place: RegExp;
  rule: RegExp;
};
type Issue = { place: string; rule: string; message: string };
type Seeded = { rater: DrillUser; suiteId: string; assignmentId: string };

/** Bookkeeping that a refused input may touch (the import's own row and staging, the audit log, sessions). */
const BOOKKEEPING = ["audit_event", "session", "item_import", "import_staged_item", "verification"];

const validItem = (n: number) => chatItem(`bad-${n}`, KEY, "fine");
const validLine = (n: number) => JSON.stringify(validItem(n));
const validRecord = () => judgeRecord("bad-1", KEY, "fine");
const validDraft = () => draftFor("bad-free", "fine");

/**
 * The cases. Sizes (a 50 MB line, 100 MB uploads) are refused before anything
 * reaches the database, so the quick run sends them on the direct setup only;
 * the other setups get every case that can touch stored rows. --full sends all
 * of them everywhere.
 */
function cases(full: boolean, setup: DrillContext["setup"]): BadCase[] {
  const lines = (...parts: (string | Buffer)[]) =>
    Buffer.concat(parts.flatMap((part, index) => [index ? Buffer.from("\n") : Buffer.alloc(0), Buffer.from(part)]));
  const list: BadCase[] = [];
  const files: {
    target: "items" | "records-import" | "prefills";
    valid: () => string;
    base: () => Record<string, unknown>;
    type: string;
  }[] = [
    {
      target: "items",
      valid: () => validLine(1),
      base: () => validItem(2),
      type: "multipart/form-data; boundary=drill",
    },
    {
      target: "records-import",
      valid: () => JSON.stringify(validRecord()),
      base: validRecord,
      type: "application/x-www-form-urlencoded",
    },
    {
      target: "prefills",
      valid: () => JSON.stringify(validRecord()),
      base: validRecord,
      type: "multipart/form-data; boundary=drill",
    },
  ];
  for (const file of files) {
    list.push(
      {
        target: file.target,
        name: "malformed JSONL lines (a cut object, plain text)",
        body: () => lines(file.valid(), '{"task": {"task_id": ', "not json at all"),
        status: [200, 422],
        place: /line 2/,
        rule: /^json$/,
      },
      {
        target: file.target,
        name: "invalid UTF-8 in a line",
        body: () => lines(file.valid(), invalidUtf8Line(JSON.stringify(file.base()))),
        status: [200, 422],
        place: /line 2/,
        rule: /utf8/,
      },
      {
        target: file.target,
        name: "JSON nested 10,000 levels deep",
        body: () =>
          lines(
            file.valid(),
            withDeepValue(
              file.base(),
              file.target === "items" ? ["automatic_scores", "deep"] : ["freeform", "notes"],
              10_000,
            ),
          ),
        status: [200, 422],
        place: /line 2/,
        rule: /depth|type/i,
      },
      {
        target: file.target,
        name: "10,000 nested arrays as a line",
        body: () => lines(file.valid(), nestedJson(10_000)),
        status: [200, 422],
        place: /line 2/,
        rule: /depth|type/i,
      },
      {
        target: file.target,
        name: "a __proto__ key",
        body: () => lines(file.valid(), withRawKey(file.base(), "__proto__", '{"polluted":true,"roles":["admin"]}')),
        status: [200, 422],
        place: /line 2.*__proto__/,
        rule: /additionalProperties/,
      },
      {
        target: file.target,
        name: "a constructor.prototype key",
        body: () => lines(file.valid(), withRawKey(file.base(), "constructor", '{"prototype":{"polluted":true}}')),
        status: [200, 422],
        place: /line 2.*constructor/,
        rule: /additionalProperties/,
      },
      {
        target: file.target,
        name: "an unknown field",
        body: () => lines(file.valid(), JSON.stringify({ ...file.base(), colour: "blue" })),
        status: [200, 422],
        place: /line 2.*colour/,
        rule: /additionalProperties/,
      },
      {
        target: file.target,
        name: "a line with 5,000 errors (allErrors flood)",
        body: () => lines(file.valid(), JSON.stringify(withUnknownFields(file.base(), 5000))),
        status: [200, 422],
        place: /line 2/,
        rule: /tooManyIssues/,
      },
      {
        target: file.target,
        name: "a number beyond ±1.8e308 (1e400, read as infinity)",
        body: () => lines(file.valid(), withRawKey(file.base(), "automatic_scores", '{"bleu": 1e400}')),
        status: [200, 422],
        place: /line 2.*\/automatic_scores\/bleu/,
        rule: /^finiteNumber$/,
      },
      {
        target: file.target,
        name: `the file sent as a form (${file.type.split(";")[0]})`,
        contentType: file.type,
        body: () => `--drill\r\nContent-Disposition: form-data; name="file"\r\n\r\n${file.valid()}\r\n--drill--\r\n`,
        status: [415],
        place: /content-type/,
        rule: /mediaType/,
      },
    );
  }
  if (full || setup === "direct")
    list.push(
      {
        target: "items",
        name: "a 50 MB single line",
        body: () => lines(validLine(1), hugeLine(50 * MB), validLine(3)),
        status: [200],
        place: /line 2/,
        rule: /lineTooLong/,
      },
      {
        target: "records-import",
        name: "a 50 MB single line",
        body: () => lines(JSON.stringify(validRecord()), hugeLine(50 * MB)),
        status: [422],
        place: /line 2/,
        rule: /lineTooLong/,
      },
      {
        target: "items",
        name: `a 100 MB upload (limit EVALFORM_MAX_UPLOAD_BYTES=${UPLOAD_LIMIT / MB} MB), streamed`,
        body: () => bigUpload(100 * MB, validLine(9)),
        status: [413],
        place: /^$/,
        rule: /maxBytes/,
      },
      {
        target: "records-import",
        name: "a 100 MB upload, streamed",
        body: () => bigUpload(100 * MB, JSON.stringify(validRecord())),
        status: [413],
        place: /^$/,
        rule: /maxBytes/,
      },
    );
  if (full) {
    list.push({
      target: "prefills",
      name: "a 100 MB upload, streamed",
      body: () => bigUpload(100 * MB, JSON.stringify(validRecord())),
      status: [413],
      place: /^$/,
      rule: /maxBytes/,
    });
  }
  const json = (value: unknown) => JSON.stringify(value);
  for (const target of ["record", "draft"] as const) {
    const wrap = (draftText: string) =>
      target === "record" ? draftText : `{"base_version":__VERSION__,"draft":${draftText}}`;
    list.push(
      {
        target,
        name: "malformed JSON",
        body: () => wrap('{"universal": {'),
        status: [400],
        place: /^$/,
        rule: /^json$/,
      },
      {
        target,
        name: "invalid UTF-8",
        body: () =>
          Buffer.concat([
            Buffer.from(wrap(json(validDraft())).slice(0, 20)),
            Buffer.from([0xc3, 0x28]),
            Buffer.from(wrap(json(validDraft())).slice(20)),
          ]),
        status: [400],
        place: /^$/,
        rule: /utf8/,
      },
      {
        target,
        name: "JSON nested 10,000 levels deep",
        body: () => wrap(withDeepValue(validDraft(), ["freeform", "notes"], 10_000)),
        status: [400, 422],
        place: /freeform|^$/,
        rule: /depth|type/i,
      },
      {
        target,
        name: "a __proto__ key",
        body: () => wrap(withRawKey(validDraft(), "__proto__", '{"polluted":true}')),
        status: [422],
        place: /__proto__/,
        rule: /additionalProperties/,
      },
      {
        target,
        name: "a constructor.prototype key",
        body: () => wrap(withRawKey(validDraft(), "constructor", '{"prototype":{"polluted":true}}')),
        status: [422],
        place: /constructor/,
        rule: /additionalProperties/,
      },
      {
        target,
        name: "an unknown field",
        body: () => wrap(json({ ...validDraft(), colour: "blue" })),
        status: [422],
        place: /colour/,
        rule: /additionalProperties/,
      },
      {
        target,
        name: "5,000 errors (allErrors flood)",
        body: () => wrap(json(withUnknownFields(validDraft(), 5000))),
        status: [422],
        place: /^$/,
        rule: /tooManyIssues/,
      },
      {
        target,
        name: "a number beyond ±1.8e308 (1e400, read as infinity)",
        body: () => wrap(withRawKey(validDraft(), "confidence", "-1e400")),
        status: [400],
        place: /\/confidence$/,
        rule: /^finiteNumber$/,
      },
      {
        target,
        name: "JSON sent as text/plain",
        contentType: "text/plain",
        body: () => wrap(json(validDraft())),
        status: [415],
        place: /content-type/,
        rule: /mediaType/,
      },
      {
        target,
        name: "JSON sent as a form",
        contentType: "application/x-www-form-urlencoded",
        body: () => `draft=${encodeURIComponent(wrap(json(validDraft())))}`,
        status: [415],
        place: /content-type/,
        rule: /mediaType/,
      },
      {
        target,
        name: "a 2 MB body",
        body: () => wrap(json({ ...validDraft(), freeform: { notes: "x".repeat(2 * MB) } })),
        status: [413],
        place: /^$/,
        rule: /maxBytes|PAYLOAD/,
      },
    );
  }
  return list;
}

async function send(
  app: DrillApp,
  seeded: Seeded,
  item: BadCase,
): Promise<{ status: number; issues: Issue[]; summary: string; refusedLines: number }> {
  const headers: Record<string, string> = {
    "content-type":
      item.contentType ??
      (item.target === "record" || item.target === "draft" ? "application/json" : "application/x-ndjson"),
  };
  let body = item.body();
  let path: string;
  let method = "POST";
  let cookie = app.admin.cookie;
  if (item.target === "items") {
    const created = await api(app, "/api/imports", { cookie, body: { format: "items", file_name: "bad.jsonl" } });
    path = `/api/imports/${((await created.json()) as { id: string }).id}/file`;
    method = "PUT";
  } else if (item.target === "records-import") {
    path = "/api/records/import";
  } else if (item.target === "prefills") {
    path = `/api/suites/${seeded.suiteId}/prefills`;
  } else if (item.target === "record") {
    path = "/api/records";
    cookie = seeded.rater.cookie;
  } else {
    path = `/api/assignments/${seeded.assignmentId}/draft`;
    method = "PUT";
    cookie = seeded.rater.cookie;
    const version = (
      await app.sql.query<{ v: number }>("SELECT draft_version AS v FROM assignment WHERE id = $1", [
        seeded.assignmentId,
      ])
    ).rows[0]!.v;
    if (typeof body === "string") body = body.replace("__VERSION__", String(version));
    else if (Buffer.isBuffer(body))
      body = Buffer.from(body.toString("latin1").replace("__VERSION__", String(version)), "latin1");
  }
  const response = await api(app, path, { method, cookie, headers, rawBody: body as BodyInit });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON: no issues */
  }
  type Raw = { line?: number; path?: string; field?: string; rule?: string; message?: string };
  let raw = (parsed.errors as Raw[] | undefined) ?? [];
  let refusedLines = Number(parsed.refused ?? (parsed.report as { refused?: number } | undefined)?.refused ?? 0);
  let summary = `${response.status} ${(parsed.error as { message?: string } | undefined)?.message ?? parsed.status ?? ""}`;
  if (item.target === "items" && response.status === 200) {
    const report = (await (await api(app, `${path.replace(/\/file$/, "")}/report`, { cookie })).json()) as {
      errors?: Raw[];
      refused?: number;
    };
    raw = report.errors ?? [];
    refusedLines = report.refused ?? 0;
    summary = `200 import ${parsed.status}, ${refusedLines} line(s) refused`;
  }
  const issues = raw.map((error) => ({
    place: [error.line !== undefined ? `line ${error.line}` : "", error.path ?? "", error.field ?? ""]
      .filter(Boolean)
      .join(" "),
    rule: error.rule ?? "",
    message: error.message ?? "",
  }));
  return { status: response.status, issues, summary, refusedLines };
}

async function healthy(app: DrillApp): Promise<boolean> {
  const response = await fetch(`${app.url}/api/ready`, { signal: AbortSignal.timeout(15_000) }).catch(() => null);
  return response?.status === 200;
}

/** Row counts plus the assignments' drafts: a draft save changes a row, not a count. */
async function snapshot(app: DrillApp): Promise<Record<string, number>> {
  const counts = await rowCounts(app);
  const drafts = await app.sql.query<{ sum: string }>("SELECT coalesce(sum(draft_version), 0) AS sum FROM assignment");
  return { ...counts, "assignment.draft_version (sum)": Number(drafts.rows[0]!.sum) };
}

async function runCase(app: DrillApp, seeded: Seeded, item: BadCase): Promise<DrillCase> {
  const before = await snapshot(app);
  const started = Date.now();
  const outcome = await send(app, seeded, item);
  const seconds = (Date.now() - started) / 1000;
  const up = await healthy(app);
  const changed = countChanges(before, await snapshot(app), BOOKKEEPING);
  const named = outcome.issues.find((issue) => item.place.test(issue.place) && item.rule.test(issue.rule));
  const bounded = outcome.issues.length <= 150;
  const statusOk = item.status.includes(outcome.status) && (outcome.status !== 200 || outcome.refusedLines > 0);
  const problems = [
    statusOk
      ? ""
      : `status ${outcome.status} (expected ${item.status.join("/")}${outcome.status === 200 ? " with refused lines" : ""})`,
    named
      ? ""
      : `no error naming ${item.place} and ${item.rule}; got ${JSON.stringify(outcome.issues.slice(0, 3)).slice(0, 300)}`,
    bounded ? "" : `${outcome.issues.length} issues listed`,
    up ? "" : "the server stopped answering",
    changed.length ? `stored data CHANGED: ${changed.join(", ")}` : "",
  ].filter(Boolean);
  return drillCase({
    name: `${item.target}: ${item.name}`,
    tried: 1,
    refused: statusOk && changed.length === 0 ? 1 : 0,
    lost: 0,
    duplicated: 0,
    ok: problems.length === 0,
    detail:
      problems.length === 0
        ? `${outcome.summary.trim()}; "${named!.place || "(body)"}" ${named!.rule}: ${named!.message.slice(0, 90)}; ${outcome.issues.length} issue(s); nothing stored changed; server up (${seconds.toFixed(1)} s)`
        : problems.join("; "),
  });
}

/**
 * A 30 MB file under the limit must arrive whole: a proxy in front of the
 * handler once cut bodies at 10 MB without failing the request. Every line
 * repeats the first (refused as duplicates, so nothing is staged); lost = lines
 * sent − lines the import read.
 */
async function wholeUpload(app: DrillApp): Promise<DrillCase> {
  const line = validLine(7);
  const count = Math.ceil((30 * MB) / (line.length + 1));
  const created = await api(app, "/api/imports", {
    cookie: app.admin.cookie,
    body: { format: "items", file_name: "whole.jsonl" },
  });
  const id = ((await created.json()) as { id: string }).id;
  const response = await api(app, `/api/imports/${id}/file`, {
    method: "PUT",
    cookie: app.admin.cookie,
    headers: { "content-type": "application/x-ndjson" },
    rawBody: Buffer.from(`${line}\n`.repeat(count)),
  });
  const summary = (await response.json()) as { lines_read?: number; bytes_read?: number; refused?: number };
  const read = summary.lines_read ?? 0;
  return drillCase({
    name: "a 30 MB file under the limit arrives whole",
    tried: count,
    refused: summary.refused ?? 0,
    lost: Math.max(0, count - read),
    duplicated: 0,
    ok: response.status === 200 && read === count,
    detail: `${response.status}; ${read} of ${count} lines read (${summary.bytes_read ?? "?"} bytes), ${summary.refused ?? "?"} refused as duplicates of line 1`,
  });
}

async function seed(app: DrillApp): Promise<Seeded> {
  const rater = await addUser(app, ["rater"], "Bad Input Rater");
  const importId = await importItems(app, [validItem(1), validItem(2)]);
  const suiteId = await createSuite(app, { name: "Bad input", key: KEY, raterIds: [rater.id], importIds: [importId] });
  const { assignmentId } = await nextAssignment(app, rater, suiteId);
  return { rater, suiteId, assignmentId };
}

async function run(context: DrillContext): Promise<DrillResult> {
  const app = await startDrillApp({
    label: "bad_input",
    port: PORT,
    setup: context.setup,
    // Metrics and info-level logs: a client that hangs up mid-body must show there as a client abort.
    env: {
      EVALFORM_MAX_UPLOAD_BYTES: String(UPLOAD_LIMIT),
      EVALFORM_METRICS_TOKEN: METRICS_TOKEN,
      EVALFORM_LOG_LEVEL: "info",
    },
  });
  const results: DrillCase[] = [];
  try {
    const seeded = await seed(app);
    for (const item of cases(context.full, context.setup)) {
      const result = await runCase(app, seeded, item);
      context.log(`${result.passed ? "ok  " : "FAIL"} ${result.name}`);
      results.push(result);
    }
    if (context.full || context.setup === "direct") results.push(await wholeUpload(app));
    results.push(await clientHangUps(app, seeded.rater));
    results.push(await cliEveryLineRefused(app));
    // Prototype keys must not have reached any object's prototype in the server: a normal request still works normally.
    const after = await api(app, "/api/records", { cookie: seeded.rater.cookie });
    const listed = (await after.json()) as { records?: unknown[]; polluted?: unknown };
    results.push(
      drillCase({
        name: "the server after all of the above",
        tried: 1,
        refused: 0,
        lost: 0,
        duplicated: 0,
        ok:
          after.status === 200 &&
          Array.isArray(listed.records) &&
          listed.polluted === undefined &&
          app.process.child.exitCode === null,
        detail: `still the same process, GET /api/records ${after.status} with ${listed.records?.length ?? "?"} record(s), no polluted field`,
      }),
    );
  } finally {
    await app.stop();
  }
  return { cases: results };
}

export const badInputDrill: Drill = {
  id: "bad-input",
  title: "4. Bad input",
  summary: `Sends bad input to every path that stores client data — item imports (PUT /api/imports/:id/file), record imports, judge prefills, record submits and draft saves — on an app started with EVALFORM_MAX_UPLOAD_BYTES=${UPLOAD_LIMIT / MB} MB (the size cases, refused before the database, on the direct setup only in the quick run): malformed JSONL lines, invalid UTF-8, a 50 MB single line, a 100 MB streamed upload, JSON nested 10,000 levels deep, \`__proto__\` and \`constructor\` keys, unknown fields, records with 5,000 errors, numbers beyond ±1.8e308 (1e400), files sent as forms and JSON sent as text or forms, oversized JSON bodies. Then clients that hang up mid-body (sign-in, a record, an import file; each must be logged and counted as a client abort, 499, never as the database unavailable), and \`evalform import items\` on a file whose every line is refused (exit 1, each line printed, control characters escaped). A case passes when the status is the expected one, an error names the place (line, JSON Pointer or header) and the rule, the error list is bounded, no stored row changed (row counts of every table but the import's own bookkeeping and the audit log, and the drafts' versions), and the server still answers /api/ready.`,
  quick: true,
  everySetup: true,
  run,
};
