// Drill 6: requests that must be refused. Forged x-middleware-subrequest
// headers (CVE-2025-29927), forged cross-site posts with a live session (by
// header and from a real cross-site page in Chromium), expired and revoked
// credentials, a disabled user's open session, and other users' ids guessed.
import type { Drill, DrillCase, DrillContext, DrillResult } from "../support/drill";
import { drillCase } from "../support/drill";
import { contextWithCookie, launchBrowser } from "./support/browser-check";
import { startCrossSitePage } from "./support/cross-site-page";
import { exportFileOnce } from "./export-file-once";
import {
  addUser,
  api,
  countChanges,
  createToken,
  rowCounts,
  startDrillApp,
  startExport,
  type DrillApp,
  type DrillUser,
} from "./support/drill-app";
import { pairwiseBlindness } from "./pairwise-blind";
import { chatItem, createSuite, draftFor, importItems, nextAssignment } from "./support/seed";
import { testPort } from "@/lib/testing/test-ports";
import { signIn } from "@/process-tests/support/http";

const PORT = testPort(3620);
const CROSS_SITE_PORT = testPort(3621);
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";

type Attempt = { label: string; status: number; ok: boolean };

function summarise(name: string, attempts: Attempt[], extra: { ok?: boolean; note?: string } = {}): DrillCase {
  const refused = attempts.filter((attempt) => attempt.ok).length;
  const failures = attempts.filter((attempt) => !attempt.ok).map((attempt) => `${attempt.label} → ${attempt.status}`);
  const statuses = [...new Set(attempts.map((attempt) => attempt.status))].sort().join("/");
  return drillCase({
    name,
    tried: attempts.length,
    refused,
    lost: 0,
    duplicated: 0,
    ok: failures.length === 0 && extra.ok !== false,
    detail:
      failures.length === 0
        ? `all ${attempts.length} refused (${statuses})${extra.note ? `; ${extra.note}` : ""}`
        : `NOT refused: ${failures.slice(0, 6).join(", ")}${extra.note ? `; ${extra.note}` : ""}`,
  });
}

const FORGED_SUBREQUEST = [
  "middleware",
  "proxy",
  "middleware:middleware:middleware:middleware:middleware",
  "proxy:proxy:proxy:proxy:proxy",
  "src/middleware:src/middleware:src/middleware:src/middleware:src/middleware",
  "pages/_middleware",
];

async function forgedSubrequest(app: DrillApp, rater: DrillUser): Promise<DrillCase> {
  const attempts: Attempt[] = [];
  let proxySkipped = 0;
  for (const value of FORGED_SUBREQUEST) {
    const targets = [
      {
        path: "/admin/users",
        cookie: undefined,
        refusedIf: (status: number, location: string) => status >= 300 && status < 400 && location.includes("/sign-in"),
      },
      {
        path: "/records",
        cookie: undefined,
        refusedIf: (status: number, location: string) => status >= 300 && status < 400 && location.includes("/sign-in"),
      },
      { path: "/admin/users", cookie: rater.cookie, refusedIf: (status: number) => status === 403 },
      { path: "/api/users", cookie: undefined, refusedIf: (status: number) => status === 401 },
      { path: "/api/records", cookie: undefined, refusedIf: (status: number) => status === 401 },
      { path: "/api/audit", cookie: rater.cookie, refusedIf: (status: number) => status === 403 || status === 404 },
      { path: "/api/users", cookie: rater.cookie, refusedIf: (status: number) => status === 403 || status === 404 },
    ];
    for (const target of targets) {
      const response = await api(app, target.path, {
        cookie: target.cookie,
        headers: { "x-middleware-subrequest": value },
      });
      await response.arrayBuffer();
      // The proxy sets the CSP: without it on a page, the proxy was skipped.
      if (!response.headers.get("content-security-policy")) proxySkipped++;
      attempts.push({
        label: `${target.path} (${value.slice(0, 20)})`,
        status: response.status,
        ok: target.refusedIf(response.status, response.headers.get("location") ?? ""),
      });
    }
  }
  return summarise("forged x-middleware-subrequest on protected pages and APIs", attempts, {
    ok: proxySkipped === 0,
    note:
      proxySkipped === 0
        ? "the proxy still ran on every one (CSP present)"
        : `the proxy was SKIPPED on ${proxySkipped}`,
  });
}

type Target = { method: string; path: string; body: unknown };

async function crossSitePosts(app: DrillApp, rater: DrillUser, targets: Target[]): Promise<DrillCase[]> {
  const cases: DrillCase[] = [];
  const origins: { label: string; headers: Record<string, string> }[] = [
    { label: "Origin: null", headers: { origin: "null" } },
    { label: "Origin: another site", headers: { origin: "https://attacker.example" } },
    { label: "a look-alike origin", headers: { origin: `${app.url}.attacker.example` } },
    { label: "no Origin, Sec-Fetch-Site: cross-site", headers: { origin: "", "sec-fetch-site": "cross-site" } },
  ];
  const encodings = [
    { type: "application/json", encode: (body: unknown) => JSON.stringify(body) },
    { type: "text/plain", encode: (body: unknown) => JSON.stringify(body) },
    {
      type: "application/x-www-form-urlencoded",
      encode: (body: unknown) => new URLSearchParams({ json: JSON.stringify(body) }).toString(),
    },
    {
      type: "multipart/form-data; boundary=drill",
      encode: (body: unknown) =>
        `--drill\r\nContent-Disposition: form-data; name="json"\r\n\r\n${JSON.stringify(body)}\r\n--drill--\r\n`,
    },
  ];
  for (const origin of origins) {
    const before = await rowCounts(app);
    const attempts: Attempt[] = [];
    for (const target of targets) {
      for (const encoding of encodings) {
        const cookie =
          target.path.startsWith("/api/users") || target.path === "/api/imports" || target.path === "/api/suites"
            ? app.admin.cookie
            : rater.cookie;
        const headers: Record<string, string> = { ...origin.headers, "content-type": encoding.type };
        const response = await fetch(`${app.url}${target.path}`, {
          method: target.method,
          body: encoding.encode(target.body),
          headers: Object.fromEntries(Object.entries({ ...headers, cookie }).filter(([, value]) => value !== "")),
        });
        await response.arrayBuffer();
        attempts.push({
          label: `${target.method} ${target.path} ${encoding.type.split(";")[0]}`,
          status: response.status,
          ok: response.status === 403,
        });
      }
    }
    const changed = countChanges(before, await rowCounts(app), ["session", "audit_event"]);
    cases.push(
      summarise(
        `${origin.label}, with a valid session cookie, to ${targets.length} state-changing endpoints in 4 encodings`,
        attempts,
        {
          ok: changed.length === 0,
          note: changed.length === 0 ? "no row changed" : `rows CHANGED: ${changed.join(", ")}`,
        },
      ),
    );
  }
  return cases;
}

/** The same requests from our own origin succeed: the refusals above are the origin check, not a broken endpoint. */
async function sameOriginControl(app: DrillApp, rater: DrillUser): Promise<DrillCase> {
  const response = await api(app, "/api/tokens", { cookie: rater.cookie, body: { name: "control", roles: ["rater"] } });
  const created = response.status === 201;
  return drillCase({
    name: "control: the same token request from the app's own origin",
    tried: 1,
    refused: 0,
    lost: 0,
    duplicated: 0,
    ok: created,
    detail: `answered ${response.status} (expected 201)`,
  });
}

async function browserCrossSite(app: DrillApp, rater: DrillUser): Promise<DrillCase> {
  const attacker = await startCrossSitePage(CROSS_SITE_PORT);
  const browser = await launchBrowser();
  const attempts: Attempt[] = [];
  try {
    const context = await contextWithCookie(browser, app.url, rater.cookie);
    const before = await rowCounts(app);
    for (const target of ["/api/tokens", "/api/records"]) {
      for (const enctype of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]) {
        const page = await context.newPage();
        const answered = page.waitForResponse((response) => response.url().endsWith(target), { timeout: 30_000 });
        await page.goto(
          `${attacker.url}/form?target=${encodeURIComponent(app.url + target)}&enctype=${encodeURIComponent(enctype)}`,
        );
        const response = await answered;
        attempts.push({
          label: `${target} ${enctype}`,
          status: response.status(),
          ok: response.status() === 403 || response.status() === 401,
        });
        await page.close();
      }
    }
    const changed = countChanges(before, await rowCounts(app), ["session", "audit_event"]);
    return summarise(
      "auto-submitting forms on another origin (127.0.0.1, another port: same site, so the Lax cookie is sent) in Chromium",
      attempts,
      {
        ok: changed.length === 0,
        note: changed.length === 0 ? "no row changed" : `rows CHANGED: ${changed.join(", ")}`,
      },
    );
  } finally {
    await browser.close();
    await attacker.close();
  }
}

async function staleCredentials(app: DrillApp): Promise<DrillCase> {
  const attempts: Attempt[] = [];
  const user = await addUser(app, ["rater"], "Stale Rater");
  // A revoked API token.
  const revoked = await createToken(app, user, ["rater"]);
  const revoke = await api(app, `/api/tokens/${revoked.id}`, { method: "DELETE", cookie: user.cookie });
  await revoke.arrayBuffer();
  for (const path of ["/api/records", "/api/tokens"]) {
    const response = await api(app, path, { token: revoked.token });
    attempts.push({ label: `revoked token ${path}`, status: response.status, ok: response.status === 401 });
  }
  // Tokens never issued.
  for (const token of [
    "efk_" + "A".repeat(43),
    revoked.token.slice(0, -1) + (revoked.token.endsWith("A") ? "B" : "A"),
    "not-a-token",
  ]) {
    const response = await api(app, "/api/records", { token });
    attempts.push({
      label: `made-up token ${token.slice(0, 8)}…`,
      status: response.status,
      ok: response.status === 401,
    });
  }
  // An expired session: its row says it ended a minute ago.
  await app.sql.query("UPDATE session SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [user.id]);
  for (const path of ["/api/records", "/api/tokens"]) {
    const response = await api(app, path, { cookie: user.cookie });
    attempts.push({ label: `expired session ${path}`, status: response.status, ok: response.status === 401 });
  }
  const page = await api(app, "/records", { cookie: user.cookie });
  attempts.push({
    label: "expired session /records page",
    status: page.status,
    ok: page.status >= 300 && page.status < 400 && (page.headers.get("location") ?? "").includes("/sign-in"),
  });
  // An expired invitation.
  const invited = await api(app, "/api/users", {
    cookie: app.admin.cookie,
    body: { email: `late-${Date.now()}@drill.evalform.local`, roles: ["rater"] },
  });
  const inviteToken = ((await invited.json()) as { invite_path: string }).invite_path.replace("/invite/", "");
  await app.sql.query("UPDATE invitation SET expires_at = now() - interval '1 minute' WHERE accepted_at IS NULL");
  const accept = await api(app, `/api/invitations/${inviteToken}`, {
    body: { name: "Late", password: "late-password-123" },
  });
  attempts.push({
    label: "expired invitation",
    status: accept.status,
    ok: accept.status >= 400 && accept.status < 500,
  });
  return summarise("revoked and made-up API tokens, an expired session, an expired invitation", attempts);
}

async function disabledUser(app: DrillApp): Promise<DrillCase> {
  const attempts: Attempt[] = [];
  const user = await addUser(app, ["rater"], "Soon Disabled");
  const token = await createToken(app, user, ["rater"]);
  const live = await api(app, "/api/records", { cookie: user.cookie });
  await live.arrayBuffer();
  const disable = await api(app, `/api/users/${user.id}`, {
    method: "PATCH",
    cookie: app.admin.cookie,
    body: { disabled: true },
  });
  await disable.arrayBuffer();
  for (const path of ["/api/records", "/api/tokens"]) {
    const response = await api(app, path, { cookie: user.cookie });
    attempts.push({ label: `session ${path}`, status: response.status, ok: response.status === 401 });
    const byToken = await api(app, path, { token: token.token });
    attempts.push({ label: `token ${path}`, status: byToken.status, ok: byToken.status === 401 });
  }
  const post = await api(app, "/api/records", { cookie: user.cookie, body: draftFor("x", "after disable") });
  attempts.push({ label: "session POST /api/records", status: post.status, ok: post.status === 401 });
  const page = await api(app, "/records", { cookie: user.cookie });
  attempts.push({ label: "session /records page", status: page.status, ok: page.status >= 300 && page.status < 400 });
  const signIn = await api(app, "/api/auth/sign-in/email", { body: { email: user.email, password: user.password } });
  attempts.push({ label: "new sign-in", status: signIn.status, ok: signIn.status >= 400 });
  return summarise(
    "a disabled user's open session and token (the session worked before: " + live.status + ")",
    attempts,
    { ok: live.status === 200 && disable.status === 200 },
  );
}

/** Issue 33 (4): a password reset and a disable revoke the user's API tokens; enabling them again does not revive them. */
async function recoveredAccount(app: DrillApp): Promise<DrillCase> {
  const attempts: Attempt[] = [];
  const user = await addUser(app, ["rater"], "Recovered Rater");
  const intruders = await createToken(app, user, ["rater"]);
  const before = await api(app, "/api/records", { token: intruders.token });
  await before.arrayBuffer();
  const issued = await api(app, `/api/users/${user.id}/password-reset`, { method: "POST", cookie: app.admin.cookie });
  const resetPath = ((await issued.json()) as { reset_path: string }).reset_path;
  const done = await api(app, `/api/password-resets/${resetPath.replace("/reset-password/", "")}`, {
    body: { password: "recovered-password-123" },
  });
  const revoked = ((await done.json()) as { api_tokens_revoked?: number }).api_tokens_revoked;
  for (const path of ["/api/records", "/api/tokens"]) {
    const response = await api(app, path, { token: intruders.token });
    attempts.push({ label: `token after reset ${path}`, status: response.status, ok: response.status === 401 });
  }
  // A token made after the reset, then disable and enable again.
  const later = await createToken(
    app,
    { ...user, cookie: await signIn(app.url, user.email, "recovered-password-123") },
    ["rater"],
  );
  for (const disabled of [true, false]) {
    const changed = await api(app, `/api/users/${user.id}`, {
      method: "PATCH",
      cookie: app.admin.cookie,
      body: { disabled },
    });
    await changed.arrayBuffer();
  }
  const reEnabled = await api(app, "/api/records", { token: later.token });
  attempts.push({ label: "token after disable and enable", status: reEnabled.status, ok: reEnabled.status === 401 });
  return summarise("API tokens after a password reset, and after a disable and re-enable", attempts, {
    ok: before.status === 200 && done.status === 200 && revoked === 1,
    note: `the token worked before (${before.status}); the reset answered ${done.status} with ${revoked} token(s) revoked`,
  });
}

/** Issue 33 (9): status= tells a rater whether the others agreed with them, item by item: SMEs and admins only. */
async function statusFilter(app: DrillApp, rater: DrillUser): Promise<DrillCase> {
  const attempts: Attempt[] = [];
  for (const status of ["needs_adjudication", "unanimous", "adjudicated", "too_few_ratings"]) {
    const response = await api(app, `/api/records?status=${status}`, { cookie: rater.cookie });
    const body = (await response.json()) as { error?: { message?: string } };
    attempts.push({
      label: `rater GET /api/records?status=${status}`,
      status: response.status,
      ok: response.status === 403 && /sme or admin/.test(body.error?.message ?? ""),
    });
  }
  const page = await api(app, "/records?status=needs_adjudication", { cookie: rater.cookie });
  const html = await page.text();
  attempts.push({
    label: "rater /records?status= page",
    status: page.status,
    ok: /sme or admin role/.test(html),
  });
  const admin = await api(app, "/api/records?status=needs_adjudication", { cookie: app.admin.cookie });
  await admin.arrayBuffer();
  return summarise("status= on the records listing by a rater", attempts, {
    ok: admin.status === 200,
    note: `an admin's same query answered ${admin.status}`,
  });
}

/** Another user's objects and guessed ids must answer exactly like an id that does not exist. */
async function guessedIds(
  app: DrillApp,
  owner: DrillUser,
  other: DrillUser,
  ids: { assignmentId: string; evalId: string; importId: string; exportId: string },
): Promise<DrillCase> {
  const attempts: Attempt[] = [];
  const variants = (id: string) => [
    id,
    id.slice(0, -1) + (id.endsWith("0") ? "1" : "0"),
    UNKNOWN_UUID,
    "1",
    "2",
    "../" + id,
  ];
  const probes: {
    label: string;
    method: string;
    path: (id: string) => string;
    id: string;
    body?: unknown;
    as: DrillUser;
  }[] = [
    { label: "assignment", method: "GET", path: (id) => `/api/assignments/${id}`, id: ids.assignmentId, as: other },
    {
      label: "draft",
      method: "PUT",
      path: (id) => `/api/assignments/${id}/draft`,
      id: ids.assignmentId,
      body: { base_version: 0, draft: {} },
      as: other,
    },
    {
      label: "submit",
      method: "POST",
      path: (id) => `/api/assignments/${id}/submit`,
      id: ids.assignmentId,
      body: { draft: {} },
      as: other,
    },
    { label: "rating page", method: "GET", path: (id) => `/rate/${id}`, id: ids.assignmentId, as: other },
    { label: "record", method: "GET", path: (id) => `/api/records/${id}`, id: ids.evalId, as: other },
    {
      label: "record provenance",
      method: "GET",
      path: (id) => `/api/records/${id}/provenance`,
      id: ids.evalId,
      as: other,
    },
    { label: "record page", method: "GET", path: (id) => `/records/${id}`, id: ids.evalId, as: other },
    { label: "import", method: "GET", path: (id) => `/api/imports/${id}`, id: ids.importId, as: other },
    { label: "import report", method: "GET", path: (id) => `/api/imports/${id}/report`, id: ids.importId, as: other },
    { label: "export", method: "GET", path: (id) => `/api/exports/${id}`, id: ids.exportId, as: other },
    {
      label: "export manifest",
      method: "GET",
      path: (id) => `/api/exports/${id}/manifest`,
      id: ids.exportId,
      as: other,
    },
  ];
  const leaks: string[] = [];
  for (const probe of probes) {
    const answers: string[] = [];
    for (const id of variants(probe.id)) {
      const response = await api(app, probe.path(id), {
        method: probe.method,
        cookie: probe.as.cookie,
        body: probe.body,
      });
      const text = await response.text();
      // What tells ids apart: status and error code (pages: status only).
      const code = probe.path(id).startsWith("/api/") ? (text.match(/"code":"(\w+)"/)?.[1] ?? "") : "";
      answers.push(`${response.status} ${code}`);
      attempts.push({
        label: `${probe.label} ${id.slice(0, 12)}`,
        status: response.status,
        ok: response.status === 404 || response.status === 403 || (response.status === 400 && id.includes("/")),
      });
    }
    // The real id (first) must answer like the unknown one (third).
    if (answers[0] !== answers[2]) leaks.push(`${probe.label} (real: ${answers[0]}, unknown: ${answers[2]})`);
  }
  void owner;
  return summarise(
    `another user's assignment, draft, record, import and export, and ${6 - 1} guessed ids each`,
    attempts,
    {
      ok: leaks.length === 0,
      note:
        leaks.length === 0
          ? "a real id answers exactly like an unknown one (no existence leak)"
          : `a real id answers differently from an unknown one: ${leaks.join("; ")}`,
    },
  );
}

async function run(context: DrillContext): Promise<DrillResult> {
  const app = await startDrillApp({ label: "access", port: PORT, setup: context.setup });
  const cases: DrillCase[] = [];
  try {
    const rater = await addUser(app, ["rater"], "Access Rater");
    const other = await addUser(app, ["rater"], "Other Rater");
    const key = "access-drill";
    const importId = await importItems(app, [chatItem("access-1", key, "a"), chatItem("access-2", key, "b")]);
    const suiteId = await createSuite(app, {
      name: "Access suite",
      key,
      raterIds: [rater.id, other.id],
      importIds: [importId],
    });
    const { assignmentId } = await nextAssignment(app, rater, suiteId);
    const recorded = await api(app, "/api/records", { cookie: rater.cookie, body: draftFor("access-free", "mine") });
    const evalId = ((await recorded.json()) as { eval_id: string }).eval_id;
    const exported = await api(app, await startExport(app), { cookie: app.admin.cookie });
    await exported.arrayBuffer();
    const exportId = exported.headers.get("x-export-id") ?? UNKNOWN_UUID;
    context.log("seeded users, suite, assignment, record, export");

    cases.push(await forgedSubrequest(app, rater));
    const targets: Target[] = [
      { method: "POST", path: "/api/tokens", body: { name: "forged", roles: ["rater"] } },
      { method: "POST", path: "/api/records", body: draftFor("forged", "forged") },
      {
        method: "PUT",
        path: `/api/assignments/${assignmentId}/draft`,
        body: { base_version: 0, draft: draftFor("forged", "forged") },
      },
      {
        method: "POST",
        path: `/api/assignments/${assignmentId}/submit`,
        body: { draft: draftFor("forged", "forged") },
      },
      { method: "POST", path: "/api/users", body: { email: "forged@drill.evalform.local", roles: ["admin"] } },
      { method: "PATCH", path: `/api/users/${other.id}`, body: { roles: ["admin"] } },
      { method: "POST", path: "/api/imports", body: { format: "items" } },
      {
        method: "POST",
        path: "/api/suites",
        body: {
          name: "forged",
          key: "forged",
          overlap_k: 1,
          gold_share: 0,
          hold_minutes: 5,
          rater_ids: [rater.id],
          import_ids: [importId],
        },
      },
    ];
    cases.push(...(await crossSitePosts(app, rater, targets)));
    cases.push(await browserCrossSite(app, rater));
    cases.push(await sameOriginControl(app, rater));
    cases.push(await staleCredentials(app));
    cases.push(await disabledUser(app));
    cases.push(await recoveredAccount(app));
    cases.push(await statusFilter(app, rater));
    cases.push(await guessedIds(app, rater, other, { assignmentId, evalId, importId, exportId }));
    cases.push(await exportFileOnce(app));
    cases.push(...(await pairwiseBlindness(app, other)));
  } finally {
    await app.stop();
  }
  return { cases };
}

export const accessDrill: Drill = {
  id: "access",
  title: "6. Access",
  summary:
    "Against the built app: forged `x-middleware-subrequest` headers (CVE-2025-29927 values) on protected pages and APIs, with no session and as a rater; `Origin: null`, foreign and look-alike origins and `Sec-Fetch-Site: cross-site` on state-changing endpoints with a valid session cookie in JSON, text/plain, form and multipart encodings, and auto-submitting forms on another origin in Chromium (row counts compared before and after); revoked and made-up API tokens, an expired session and invitation; a disabled user's open session and token; another user's assignment, draft, record, import and export by id and by guessed ids, which must answer exactly like an id that does not exist; a HEAD and a cross-site navigation to an export's file, which must not use up its one download; pairwise blindness from a rater's side (24 pairs in a row whose sides follow no rule; the pair's API answer, its page's RSC payload and the rater's own records read back naming no system nor any per-system task field).",
  quick: true,
  everySetup: true,
  run,
};
