// Drill 5: hostile text and URLs stored in every place a person can write
// (items, records, prefills, suite and user names, import file names) and then
// opened in Chromium on every page that shows them, as the role that may open
// each; plus the headers that make the browser treat what it gets as inert.
import type { Drill, DrillCase, DrillContext, DrillResult } from "../support/drill";
import { drillCase } from "../support/drill";
import {
  contextWithCookie,
  inspectPage,
  launchBrowser,
  openDownload,
  type PageFindings,
} from "./support/browser-check";
import { addUser, api, startDrillApp, startExport, type DrillApp } from "./support/drill-app";
import {
  chatItem,
  createSuite,
  draftFor,
  importItems,
  importPrefills,
  judgeRecord,
  nextAssignment,
} from "./support/seed";
import { ALL_PAYLOADS, HOSTILE_MEDIA, PAYLOADS, SHORT_PAYLOAD } from "./hostile-payloads";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3610);

const hostilePrompt = (taskId: string) => `${PAYLOADS.script} ${taskId}`;

function hostileItem(taskId: string, suiteKey: string): Record<string, unknown> {
  const item = chatItem(taskId, suiteKey, ALL_PAYLOADS, hostilePrompt(taskId));
  return {
    ...item,
    task: { ...(item.task as object), reference: ALL_PAYLOADS },
    transcript: {
      messages: [
        { role: "system", content: [{ type: "text", text: PAYLOADS.svgScript }] },
        { role: "user", content: [{ type: "text", text: `${PAYLOADS.markdownLink} ${taskId}` }, ...HOSTILE_MEDIA] },
        {
          role: "assistant",
          content: [{ type: "text", text: ALL_PAYLOADS }],
          reasoning: ALL_PAYLOADS,
          tool_calls: [{ id: "call-1", name: SHORT_PAYLOAD, arguments: { query: ALL_PAYLOADS } }],
        },
        { role: "tool", tool_call_id: "call-1", content: [{ type: "text", text: PAYLOADS.imgOnerror }] },
      ],
    },
    context_documents: [{ id: "doc-1", title: SHORT_PAYLOAD, text: ALL_PAYLOADS }],
    tags: { note: PAYLOADS.entities },
  };
}

type Seeded = {
  suiteId: string;
  assignmentId: string;
  reviewId: string;
  importId: string;
  refusedImportId: string;
  shareToken: string;
  rater: { cookie: string };
  sme: { cookie: string };
};

async function seed(app: DrillApp): Promise<Seeded> {
  const rater = await addUser(app, ["rater"], `Rater ${SHORT_PAYLOAD}`);
  const sme = await addUser(app, ["sme"], `SME ${PAYLOADS.script}`);
  const key = "hostile-drill";
  const importId = await importItems(
    app,
    [hostileItem("hostile-1", key), hostileItem("hostile-2", key)],
    `${SHORT_PAYLOAD}.jsonl`,
  );
  const suiteId = await createSuite(app, {
    name: `Suite ${PAYLOADS.script}`,
    key,
    raterIds: [rater.id, sme.id],
    importIds: [importId],
  });
  // The rater holds item 1 (sorted by the queue; whichever comes, the other goes to the judge).
  const { assignmentId } = await nextAssignment(app, rater, suiteId);
  const held = (await (await api(app, `/api/assignments/${assignmentId}`, { cookie: rater.cookie })).json()) as {
    item: { task: { task_id: string } };
  };
  const ratedTask = held.item.task.task_id;
  const otherTask = ratedTask === "hostile-1" ? "hostile-2" : "hostile-1";
  const saved = await api(app, `/api/assignments/${assignmentId}/draft`, {
    method: "PUT",
    cookie: rater.cookie,
    body: { base_version: 0, draft: draftFor(ratedTask, ALL_PAYLOADS, hostilePrompt(ratedTask)) },
  });
  if (saved.status !== 200) throw new Error(`draft: ${saved.status} ${await saved.text()}`);
  const judge = judgeRecord(otherTask, key, ALL_PAYLOADS, hostilePrompt(otherTask));
  await importPrefills(app, suiteId, [judge]);
  const review = await api(app, `/api/suites/${suiteId}/review-next`, { method: "POST", cookie: sme.cookie });
  if (review.status !== 200) throw new Error(`review-next: ${review.status} ${await review.text()}`);
  // An import whose one line is refused: the report names the hostile field.
  const refused = await api(app, "/api/imports", {
    cookie: app.admin.cookie,
    body: { format: "items", file_name: "refused.jsonl" },
  });
  const refusedImportId = ((await refused.json()) as { id: string }).id;
  await api(app, `/api/imports/${refusedImportId}/file`, {
    method: "PUT",
    cookie: app.admin.cookie,
    headers: { "content-type": "application/x-ndjson" },
    rawBody: JSON.stringify({ ...hostileItem("hostile-3", key), [PAYLOADS.imgOnerror]: PAYLOADS.script }),
  });
  const link = await api(app, `/api/suites/${suiteId}/share-links`, {
    cookie: app.admin.cookie,
    body: { label: SHORT_PAYLOAD },
  });
  const shareToken = ((await link.json()) as { share_path: string }).share_path.replace("/share/", "");
  return {
    suiteId,
    assignmentId,
    reviewId: judge.eval_id as string,
    importId,
    refusedImportId,
    shareToken,
    rater,
    sme,
  };
}

async function submit(app: DrillApp, seeded: Seeded): Promise<string> {
  const held = (await (
    await api(app, `/api/assignments/${seeded.assignmentId}`, { cookie: seeded.rater.cookie })
  ).json()) as { item: { task: { task_id: string } } };
  const response = await api(app, `/api/assignments/${seeded.assignmentId}/submit`, {
    cookie: seeded.rater.cookie,
    body: { draft: draftFor(held.item.task.task_id, ALL_PAYLOADS, hostilePrompt(held.item.task.task_id)) },
  });
  if (response.status !== 201) throw new Error(`submit: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { eval_id: string }).eval_id;
}

type PageCheck = { role: "rater" | "sme" | "admin" | "anonymous"; path: string; expect: string[] };

function pageCase(check: PageCheck, found: PageFindings): DrillCase {
  const policy = found.headers["content-security-policy"] ?? "";
  const script = policy.split(";").find((part) => part.trim().startsWith("script-src")) ?? "";
  // A page runs its own scripts by nonce; an API answer opened in a tab may run none at all.
  const scriptsLocked =
    policy.split(";").some((part) => part.trim() === "default-src 'none'") && !script
      ? true
      : script.includes("'nonce-") && !script.includes("unsafe");
  const problems = [
    found.status !== 200 ? `status ${found.status}` : "",
    found.dialogs.length ? `dialogs: ${found.dialogs.join(", ")}` : "",
    found.pwned !== undefined ? `window.__pwned = ${JSON.stringify(found.pwned)}` : "",
    found.cspViolations.length ? `CSP violations: ${found.cspViolations.join(", ")}` : "",
    found.javascriptLinks ? `${found.javascriptLinks} javascript: URL(s) in href/src` : "",
    found.handlerAttributes ? `${found.handlerAttributes} element(s) with on* attributes` : "",
    found.missingText.length
      ? `not shown literally: ${found.missingText.map((text) => text.slice(0, 30)).join(" / ")}`
      : "",
    !scriptsLocked ? `script-src "${script.trim()}"` : "",
    found.headers["x-content-type-options"] !== "nosniff" ? "no nosniff" : "",
  ].filter(Boolean);
  return drillCase({
    name: `${check.path.replace(/[0-9a-f-]{36}/g, ":id").replace(/\/share\/[^/]+/, "/share/:token")} as ${check.role}`,
    tried: 1,
    refused: problems.length === 0 ? 1 : 0,
    lost: 0,
    duplicated: 0,
    ok: problems.length === 0,
    detail:
      problems.length === 0
        ? `${check.expect.length ? `payloads shown as literal text (${check.expect.length} checked)` : "no payload text expected on this page"}; no dialog, canary unset, no CSP violation, no live javascript: URL; ${script ? "CSP with nonce" : "CSP default-src 'none'"}, nosniff`
        : problems.join("; "),
  });
}

async function run(context: DrillContext): Promise<DrillResult> {
  const app = await startDrillApp({ label: "hostile", port: PORT, setup: context.setup });
  const browser = await launchBrowser();
  const cases: DrillCase[] = [];
  const figures: string[] = [];
  try {
    const policy = (await api(app, "/sign-in")).headers.get("content-security-policy") ?? "(none)";
    figures.push(
      `Content-Security-Policy of a page (nonce elided): \`${policy.replace(/'nonce-[^']+'/, "'nonce-…'")}\``,
    );
    const seeded = await seed(app);
    context.log("seeded hostile items, prefill, draft, names");
    const cookies = { rater: seeded.rater.cookie, sme: seeded.sme.cookie, admin: app.admin.cookie, anonymous: null };
    const contexts = Object.fromEntries(
      await Promise.all(
        Object.entries(cookies).map(
          async ([role, cookie]) => [role, await contextWithCookie(browser, app.url, cookie)] as const,
        ),
      ),
    );
    const check = async (page: PageCheck) => {
      const found = await inspectPage(contexts[page.role]!, `${app.url}${page.path}`, page.expect);
      const result = pageCase(page, found);
      context.log(`${result.passed ? "ok  " : "FAIL"} ${result.name}`);
      cases.push(result);
    };
    const itemText = [
      PAYLOADS.script,
      PAYLOADS.imgOnerror,
      PAYLOADS.markdownLink,
      PAYLOADS.entities,
      HOSTILE_MEDIA[0]!.url,
    ];
    await check({ role: "rater", path: `/rate/${seeded.assignmentId}`, expect: [...itemText, PAYLOADS.svgScript] });
    await check({ role: "rater", path: "/queue", expect: [PAYLOADS.script] });
    const evalId = await submit(app, seeded);
    await check({ role: "rater", path: `/records/${evalId}`, expect: [ALL_PAYLOADS] });
    await check({ role: "rater", path: "/records", expect: [] });
    await check({ role: "sme", path: "/review", expect: [PAYLOADS.script] });
    await check({ role: "sme", path: `/review/${seeded.reviewId}`, expect: itemText });
    await check({ role: "admin", path: "/admin/suites", expect: [PAYLOADS.script] });
    await check({ role: "admin", path: `/admin/suites/${seeded.suiteId}`, expect: [PAYLOADS.script, SHORT_PAYLOAD] });
    await check({ role: "admin", path: `/admin/suites/${seeded.suiteId}/report`, expect: [PAYLOADS.script] });
    await check({ role: "admin", path: `/admin/suites/${seeded.suiteId}/review`, expect: [PAYLOADS.script] });
    await check({ role: "admin", path: "/admin/users", expect: [SHORT_PAYLOAD, PAYLOADS.script] });
    await check({ role: "admin", path: "/admin/imports", expect: [SHORT_PAYLOAD] });
    await check({ role: "admin", path: `/admin/imports/${seeded.refusedImportId}`, expect: [PAYLOADS.imgOnerror] });
    await check({ role: "admin", path: "/admin/audit", expect: [] });
    await check({ role: "admin", path: "/admin/export", expect: [] });
    await check({ role: "anonymous", path: `/share/${seeded.shareToken}`, expect: [PAYLOADS.script] });
    // A record's JSON opened directly: the browser shows JSON as text.
    await check({ role: "rater", path: `/api/records/${evalId}`, expect: [PAYLOADS.script, PAYLOADS.imgOnerror] });
    cases.push(...(await downloadCases(app, contexts.admin!, seeded)));
    cases.push(await headerCase(app, seeded));
  } finally {
    await browser.close();
    await app.stop();
  }
  return { cases, figures };
}

async function downloadCases(
  app: DrillApp,
  admin: Awaited<ReturnType<typeof contextWithCookie>>,
  seeded: Seeded,
): Promise<DrillCase[]> {
  const downloads = [
    {
      name: "records export (JSONL) opened in the browser",
      path: await startExport(app, { format: "jsonl" }),
      expect: JSON.stringify(ALL_PAYLOADS).slice(1, -1),
    },
    {
      name: "records export (JSON) opened in the browser",
      path: await startExport(app, { format: "json" }),
      expect: JSON.stringify(ALL_PAYLOADS).slice(1, -1),
    },
    {
      name: "import report opened in the browser",
      path: `/api/imports/${seeded.refusedImportId}/report`,
      expect: "onerror",
    },
  ];
  const cases: DrillCase[] = [];
  for (const download of downloads) {
    const opened = await openDownload(admin, `${app.url}${download.path}`);
    const ok =
      opened.downloaded &&
      opened.pwned === undefined &&
      opened.dialogs === 0 &&
      opened.content.includes(download.expect);
    cases.push(
      drillCase({
        name: download.name,
        tried: 1,
        refused: opened.downloaded ? 1 : 0,
        lost: 0,
        duplicated: 0,
        ok,
        detail: `${opened.downloaded ? "saved as a download, not rendered" : "RENDERED in the tab"}; ${opened.content.length} bytes, payload ${opened.content.includes(download.expect) ? "kept verbatim" : "MISSING"}; canary ${opened.pwned === undefined ? "unset" : "SET"}, ${opened.dialogs} dialog(s)`,
      }),
    );
  }
  return cases;
}

/** nosniff everywhere, attachments for downloads, CSP on JSON too (harmless, and no page escapes it). */
async function headerCase(app: DrillApp, seeded: Seeded): Promise<DrillCase> {
  const targets = [
    { path: "/api/health", attachment: false },
    { path: "/api/records", attachment: false },
    { path: await startExport(app), attachment: true },
    { path: `/api/imports/${seeded.refusedImportId}/report`, attachment: true },
    { path: "/sign-in", attachment: false },
  ];
  const problems: string[] = [];
  for (const target of targets) {
    const response = await api(app, target.path, { cookie: app.admin.cookie });
    await response.arrayBuffer();
    if (response.headers.get("x-content-type-options") !== "nosniff") problems.push(`${target.path}: no nosniff`);
    if (target.attachment && !/^attachment/.test(response.headers.get("content-disposition") ?? ""))
      problems.push(`${target.path}: not an attachment`);
    if (!response.headers.get("content-security-policy")) problems.push(`${target.path}: no CSP`);
  }
  return drillCase({
    name: "headers on pages, API answers and downloads",
    tried: targets.length,
    refused: targets.length - problems.length,
    lost: 0,
    duplicated: 0,
    ok: problems.length === 0,
    detail:
      problems.length === 0
        ? `X-Content-Type-Options: nosniff and a CSP on all ${targets.length}; Content-Disposition: attachment on both downloads`
        : problems.join("; "),
  });
}

export const hostileContentDrill: Drill = {
  id: "hostile-content",
  title: "5. Hostile content",
  summary:
    "Stores `<script>`, `<img onerror>`, `javascript:` markdown links, SVG with script, HTML entities and hostile media URLs in items (prompt, reference, transcript, reasoning, tool calls, context documents, tags), records (rationales, evidence, notes), judge prefills, suite, user, share-link and file names, then opens every page that shows them in Chromium as the role that may: a case passes when no dialog opened, the `window.__pwned` canary stayed unset, no CSP violation was reported, no `javascript:` URL or `on*` attribute reached the DOM, the payloads were shown as literal text, and the response carried a nonce CSP without `unsafe-*` for scripts and `nosniff`. Downloads must be saved, not rendered.",
  quick: true,
  everySetup: false,
  run,
};
