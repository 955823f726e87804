// Rating by following the `?` dialog literally, on a CPU slowed 4× and with
// every key typed without waiting for the page: the dialog is read first, each
// step of the plan names the dialog row it follows, and every row the dialog
// lists must be followed (a key added to the dialog fails this test until a
// step uses it). The stored records are compared with the intended values
// field by field. Also: navigation never lands in a text field (an agent item),
// Ctrl+Enter with problems focuses their list, and the key buffer runs before
// the first paint.
import { expect, request, test, type APIRequestContext, type CDPSession, type Page } from "@playwright/test";
import pg from "pg";
import { DISPUTE_RATERS, seedDisputedSuite } from "./support/disputed-suite";
import { chatItem, importItems, seedSuite } from "./support/seed-suite";
import { readShortcutsDialog, type ShortcutRow } from "./support/shortcuts-dialog";
import { e2eUsers, storageStateOf } from "./support/users";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("otherRater") });

/** Keys sent as fast as the browser takes them; each names the dialog row it follows. */
function follower(page: Page, rows: ShortcutRow[]) {
  const used = new Set<string>();
  const rowOf = (keys: string) => {
    const row = rows.find((candidate) => candidate.keys === keys);
    if (!row) throw new Error(`the ? dialog lists no "${keys}" (it lists: ${rows.map((r) => r.keys).join(" | ")})`);
    used.add(keys);
    return row;
  };
  return {
    press: async (keys: string, ...presses: string[]) => {
      rowOf(keys);
      for (const key of presses) await page.keyboard.press(key);
    },
    /** Text where the dialog says text goes (after r, a verdict's reason, a violating hazard's evidence). */
    type: (text: string) => page.keyboard.type(text),
    unfollowed: () => rows.map((row) => row.keys).filter((keys) => !used.has(keys)),
  };
}

async function slowCpu(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return cdp;
}

async function heldAssignment(suiteId: string, page: Page, baseURL: string): Promise<string> {
  const next = await page.request.post(`/api/suites/${suiteId}/next`, { headers: { origin: baseURL } });
  expect(next.status()).toBe(200);
  return (await next.json()).assignment_id as string;
}

async function recordsOfSuite(suiteKey: string): Promise<Record<string, unknown>[]> {
  const list = (await (await admin.get("/api/records?limit=200")).json()).records as {
    eval_id: string;
    suite_id: string;
  }[];
  return Promise.all(
    list
      .filter((record) => record.suite_id === suiteKey)
      .map(async (record) => (await admin.get(`/api/records/${record.eval_id}`)).json()),
  );
}

const HAZARD_KEYS = [
  "violent_crimes",
  "nonviolent_crimes",
  "sex_related_crimes",
  "child_sexual_exploitation",
  "indiscriminate_weapons",
  "suicide_self_harm",
  "hate",
  "privacy",
  "intellectual_property",
  "defamation",
  "sexual_content",
  "specialized_advice",
];

test("an item rated by following the ? dialog key by key, typed without waiting on a CPU slowed 4×: three rationales, a violating hazard, a correction", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const answer = "The mayor of Springfield is a fraud who stole the pension fund.";
  const suite = await seedSuite(admin, baseURL!, {
    raterIds: [e2eUsers().otherRater.userId],
    // The same answer in both: whichever comes first is rated.
    items: [chatItem(`dialog-${Date.now()}-0`, answer), chatItem(`dialog-${Date.now()}-1`, answer)],
  });
  const patched = await admin.patch(`/api/suites/${suite.suiteId}`, {
    data: { guidelines: "Name every **unsupported** claim." },
    headers: { origin: baseURL! },
  });
  expect(patched.status()).toBe(200);
  const assignmentId = await heldAssignment(suite.suiteId, page, baseURL!);
  await page.goto(`/rate/${assignmentId}`);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);

  // What the dialog says, and the letter its hazard list gives Defamation.
  const rows = await readShortcutsDialog(page);
  const keys = follower(page, rows);
  await page.keyboard.press("j");
  const defamationKey = (await page
    .getByTestId("hazard-picker")
    .getByRole("button", { name: /Defamation/ })
    .locator("kbd")
    .textContent())!;
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("hazard-picker")).toBeHidden();

  // From here on nothing waits for the page: a full load on a CPU slowed 4×, keys typed from the first moment.
  const cdp = await slowCpu(page);
  await page.reload({ waitUntil: "commit" });
  // The one wait: the page's first script (no key can be kept before any script runs).
  await page.waitForFunction(() => "__evalformKeys" in window && document.body !== null, undefined, { polling: 10 });
  await keys.press("Shift+H", "Shift+H");
  await keys.press("1 – 5", "3"); // helpfulness 3, on to instruction following
  await keys.press("[ or Alt+↑", "[");
  await keys.press("r", "r");
  await keys.type("Buries the refund caveat.");
  await keys.press("Esc", "Escape");
  await keys.press("h / m / l", "m");
  await keys.press("] or Alt+↓", "]");
  await keys.press("Shift+1 – 5", "Shift+Digit5"); // instruction following 5, High
  await keys.press("1 – 5", "2"); // faithfulness 2
  await keys.press("[ or Alt+↑", "Alt+ArrowUp");
  await keys.press("r", "r");
  await keys.type("Cites a section that does not exist.");
  await keys.press("Esc", "Escape");
  await keys.press("h / m / l", "l");
  await keys.press("] or Alt+↓", "Alt+ArrowDown");
  await keys.press("Shift+1 – 5", "Shift+Digit4"); // safety 4, High
  await keys.press("1 – 5", "3"); // overall quality 3
  await keys.press("[ or Alt+↑", "[");
  await keys.press("r", "r");
  await keys.type("Correct but long.");
  await keys.press("Esc", "Escape");
  await keys.press("0", "0");
  await keys.press("j, then its letter", "j", defamationKey);
  await keys.press("1 – 4 (on a hazard)", "3", "2");
  await keys.type("Calls the mayor a fraud.");
  await keys.press("Esc", "Escape");
  // `e` quotes a selection made in the item (with the mouse, as a rater would) into the evidence last used.
  await page.locator("[data-item-root]").getByText(answer).waitFor();
  await page.evaluate(() => {
    const walker = document.createTreeWalker(document.querySelector("[data-item-root]")!, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode();
    while (node && !node.textContent!.includes("stole the pension fund")) node = walker.nextNode();
    const start = node!.textContent!.indexOf("stole the pension fund");
    const range = document.createRange();
    range.setStart(node!, start);
    range.setEnd(node!, start + "stole the pension fund".length);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  });
  await keys.press("e", "e");
  await keys.press("Esc", "Escape");
  await keys.press("g", "g");
  await keys.press("s", "s", "Escape"); // the skip dialog opens; Esc closes it, nothing skipped
  await keys.press("?", "?", "?");
  await keys.press("Ctrl/⌘+Enter", "Control+Enter");
  await keys.press("c", "c");
  await keys.press("Shift+1 – 5", "Shift+Digit4"); // the correction: helpfulness 4, High
  await keys.press("Ctrl/⌘+Enter", "Control+Enter");
  await keys.press("n", "n");

  // Every row of the dialog was followed.
  expect(keys.unfollowed()).toEqual([]);
  await expect(page.getByTestId("item-position")).toHaveText("Item 2 of 2", { timeout: 120_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  const records = await recordsOfSuite(suite.suiteKey);
  expect(records).toHaveLength(2);
  const original = records.find((record) => !record.derived_from)!;
  const correction = records.find((record) => record.derived_from === original.eval_id)!;
  expect(correction).toBeDefined();
  const universal = {
    helpfulness: { score: 3, confidence: "medium", rationale: "Buries the refund caveat." },
    instruction_following: { score: 5, confidence: "high" },
    faithfulness: { score: 2, confidence: "low", rationale: "Cites a section that does not exist." },
    safety_overall: { score: 4, confidence: "high" },
    overall_quality: { score: 3, confidence: "high", rationale: "Correct but long." },
  };
  const safety: Record<string, unknown> = { is_violating_any: true };
  for (const hazard of HAZARD_KEYS) safety[hazard] = { verdict: "non_violating" };
  safety.defamation = {
    verdict: "violating",
    severity: 2,
    evidence: "Calls the mayor a fraud.\nstole the pension fund",
  };
  expect(original.universal).toEqual(universal);
  expect(original.safety).toEqual(safety);
  expect(correction.universal).toEqual({
    ...universal,
    helpfulness: { score: 4, confidence: "high", rationale: "Buries the refund caveat." },
  });
  expect(correction.safety).toEqual(safety);
  // Nothing typed anywhere else: no other section of the form holds a value.
  for (const record of [original, correction]) {
    for (const section of ["refusal", "issue_tags", "freeform", "chat", "agent"])
      expect(record[section]).toBeUndefined();
  }
  // Nothing reached the second item.
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  await expect(page.locator(".aif-form input[type=radio][id*='_score-']:checked")).toHaveCount(0);
});

function agentItem(taskId: string): Record<string, unknown> {
  return {
    task: { task_id: taskId, suite_id: "e2e", modality: "agent", prompt: "Cancel my order #W123." },
    subject: { system_under_test: "E2E Agent", modality_tags: ["agent", "tool_use"] },
    transcript: {
      messages: [
        { role: "user", content: [{ type: "text", text: "Cancel my order #W123." }] },
        {
          role: "assistant",
          content: [],
          tool_calls: [{ id: "c1", name: "cancel_order", arguments: { order_id: "#W123" } }],
        },
        { role: "tool", content: [{ type: "text", text: '{"error": "DUPLICATE_EVENT"}' }], tool_call_id: "c1" },
        { role: "assistant", content: [{ type: "text", text: "Order #W123 is cancelled." }] },
      ],
    },
    automatic_scores: { evaluation: { score: 1, tool_calls_count: 1 }, performance: { latency_ms: 4210 } },
  };
}

test("moving along the path never lands in a text field: a score's advance and ] on an agent item leave the next keys shortcuts", async ({
  page,
  baseURL,
}) => {
  const suite = await seedSuite(admin, baseURL!, {
    raterIds: [e2eUsers().otherRater.userId],
    items: [agentItem(`agent-path-${Date.now()}`)],
  });
  await page.goto(`/rate/${await heldAssignment(suite.suiteId, page, baseURL!)}`);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  const focusTakesText = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement) return active.id;
      if (active instanceof HTMLInputElement && !["radio", "checkbox", "button", "submit"].includes(active.type))
        return active.id;
      return null;
    });
  // Every stop, by ]: the focus is never in a text field.
  const stops = await page.locator("form [data-stop], form .path-stop").count();
  expect(stops).toBeGreaterThan(20);
  const landedInText: string[] = [];
  for (let step = 0; step < stops; step += 1) {
    await page.keyboard.press("]");
    const id = await focusTakesText();
    if (id) landedInText.push(id);
  }
  expect(landedInText).toEqual([]);
  // The report's keys: error recovery scored (the score moves on), then [ and r for its rationale, Esc.
  await page.locator("#root_agent_error_recovery_score-1").focus();
  await page.keyboard.press("2");
  await page.keyboard.press("[");
  await page.keyboard.press("r");
  await page.keyboard.type("Ignored the DUPLICATE_EVENT error.");
  await page.keyboard.press("Escape");
  await expect(page.locator("#root_agent_error_recovery_score-2")).toBeFocused();
  await expect(page.locator("#root_agent_error_recovery_rationale")).toHaveValue("Ignored the DUPLICATE_EVENT error.");
  // Nowhere else did the keys become text.
  const typedInto = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("form input, form textarea")]
      .filter((field) => /DUPLICATE|\[|\br\b/.test(field.value))
      .map((field) => field.id),
  );
  expect(typedInto).toEqual(["root_agent_error_recovery_rationale"]);
  // A stop whose first field takes text (the agent's tool calls, its efficiency) has the focus itself:
  // r writes into its field, Esc comes back to the stop.
  const onStopItself = () => page.evaluate(() => document.activeElement?.matches("[data-stop], .path-stop") ?? false);
  for (let step = 0; step < 10 && !(await onStopItself()); step += 1) await page.keyboard.press("]");
  expect(await onStopItself()).toBe(true);
  await page.keyboard.press("r");
  expect(await focusTakesText()).not.toBeNull();
  await page.keyboard.press("Escape");
  expect(await onStopItself()).toBe(true);
});

test("Ctrl+Enter with problems puts the focus on their list, as the Submit button does (CPU slowed 4×)", async ({
  page,
  baseURL,
}) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 1 });
  await page.goto(`/rate/${await heldAssignment(suite.suiteId, page, baseURL!)}`);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  const cdp = await slowCpu(page);
  await page.keyboard.press("Control+Enter");
  await expect(page.locator(".error-summary")).toBeFocused();
  // Fixing nothing and pressing it again keeps the focus there; a key typed now is no shortcut (s opens no skip).
  await page.keyboard.press("Control+Enter");
  await expect(page.locator(".error-summary")).toBeFocused();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

test("the key buffer is installed before anything of the page is parsed (so before its first paint)", async ({
  page,
  baseURL,
}) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 1 });
  const assignmentId = await heldAssignment(suite.suiteId, page, baseURL!);
  // Runs when the document is created: notes whether the buffer exists when the body's first element arrives.
  await page.addInitScript(() => {
    const seen = window as unknown as { __bufferBeforeBody?: boolean; __evalformKeys?: unknown };
    new MutationObserver((mutations, observer) => {
      const body = document.body;
      if (!body || !mutations.some((mutation) => [...mutation.addedNodes].some((node) => node.parentNode === body)))
        return;
      seen.__bufferBeforeBody = "__evalformKeys" in window;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/rate/${assignmentId}`);
  expect(await page.evaluate(() => (window as unknown as { __bufferBeforeBody?: boolean }).__bufferBeforeBody)).toBe(
    true,
  );
});

test("keys typed while the adjudication page loads are kept and replayed on its form", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const contexts = { admin } as Record<"admin" | (typeof DISPUTE_RATERS)[number], APIRequestContext>;
  for (const role of DISPUTE_RATERS)
    contexts[role] = await request.newContext({ baseURL, storageState: storageStateOf(role) });
  const prefix = `adj-kbd-${Date.now()}`;
  const { suite } = await seedDisputedSuite(contexts, baseURL!, {
    prefix,
    helpfulness: { a: [1, 4, 2], b: [3, 5, 4] },
  });
  await Promise.all(DISPUTE_RATERS.map((role) => contexts[role].dispose()));
  const adminPage = await page
    .context()
    .browser()!
    .newPage({ storageState: storageStateOf("admin"), baseURL });
  try {
    await adminPage.goto(`/adjudicate/${suite.suiteId}`);
    await adminPage.getByRole("button", { name: "Adjudicate the next item" }).click();
    await adminPage.waitForURL(/\/adjudicate\/[^/]+\/items\//);
    await expect(adminPage.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
    // The app's scripts held until the keys are typed: they come before the form exists, however fast this machine is.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await adminPage.route(
      (url) => url.pathname.startsWith("/_next/static/chunks/") && url.pathname.endsWith(".js"),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await adminPage.reload({ waitUntil: "commit" });
    await adminPage.waitForFunction(() => "__evalformKeys" in window && document.body !== null, undefined, {
      polling: 10,
    });
    // Helpfulness (no consensus, the first stop) 2 with High confidence.
    await adminPage.keyboard.press("Shift+Digit2");
    release();
    await expect(adminPage.locator(".aif-form[data-hydrated=true]")).toHaveCount(1, { timeout: 60_000 });
    await expect(adminPage.locator("#root_universal_helpfulness_score-2")).toBeChecked();
    await expect(
      adminPage.locator("fieldset#root_universal_helpfulness").getByRole("radio", { name: "High" }),
    ).toBeChecked();
  } finally {
    await adminPage.close();
  }
});

async function seedPair(baseURL: string) {
  const prefix = `kbd-pw-${Date.now()}`;
  const systems = [`Alpha-${prefix}`, `Beta-${prefix}`];
  const importIds: string[] = [];
  for (const [index, system] of systems.entries())
    importIds.push(
      await importItems(admin, baseURL, [
        {
          ...chatItem(`${prefix}-0`, index === 0 ? "A short, correct answer." : "A hedging answer."),
          subject: { system_under_test: system, modality_tags: ["chat"] },
        },
      ]),
    );
  const created = await admin.post("/api/pairwise/suites", {
    data: {
      name: `Pairs ${prefix}`,
      key: prefix,
      design: "baseline",
      baseline_system: systems[0],
      overlap_k: 1,
      import_ids: importIds,
      rater_ids: [e2eUsers().otherRater.userId],
    },
    headers: { origin: baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { suiteId: (await created.json()).id as string, prefix };
}

test("a pair rated by following its ? dialog key by key, typed without waiting on a CPU slowed 4×: the verdict, its reason, the rubric", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const seeded = await seedPair(baseURL!);
  const next = await page.request.post(`/api/pairwise/suites/${seeded.suiteId}/next`, {
    headers: { origin: baseURL! },
  });
  expect(next.status(), await next.text()).toBe(200);
  const assignmentId = (await next.json()).assignment_id as string;
  await page.goto(`/rate/pair/${assignmentId}`);
  await expect(page.locator(".aif-form[data-hydrated='true']")).toHaveCount(2);
  const rows = await readShortcutsDialog(page);
  const keys = follower(page, rows);
  // With nothing chosen, Ctrl+Enter lists the problems and puts the focus there.
  await keys.press("Ctrl/⌘+Enter", "Control+Enter");
  await expect(page.getByTestId("pair-issues")).toBeFocused();

  const cdp = await slowCpu(page);
  await page.reload({ waitUntil: "commit" });
  await page.waitForFunction(() => "__evalformKeys" in window && document.body !== null, undefined, { polling: 10 });
  await keys.press("?", "?", "?");
  await keys.press("s", "s", "Escape"); // the skip dialog opens; Esc closes it
  await keys.press("1 – 5 or a / b / =", "b");
  // The reason, with the letters that are shortcuts elsewhere (s, a, b, =).
  await keys.type("Response 1 answers the question; Response 2 hedges = worse.");
  await keys.press("Esc", "Escape"); // back to the verdict
  await keys.press("1 – 5 or a / b / =", "a"); // changed: Response 1 better, and on to the reason again
  await keys.press("Tab", "Tab"); // to the rubric
  await keys.press("1 – 5 (in the rubric)", "3"); // a 3 wants a rationale: the focus goes there
  await keys.type("Misses the refund window.");
  await keys.press("Tab", "Tab");
  await keys.press("h / m / l (in the rubric)", "h");
  await keys.press("1 – 5 (in the rubric)", "4");
  for (let cell = 2; cell < 10; cell += 1)
    await keys.press("Shift+1 – 5 (in the rubric)", cell % 2 === 0 ? "Shift+Digit5" : "Shift+Digit4");
  await keys.press("Ctrl/⌘+Enter", "Control+Enter");
  expect(keys.unfollowed()).toEqual([]);
  await expect(page.getByTestId("pair-submitted")).toContainText("Rating submitted.", { timeout: 120_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  try {
    const { rows: stored } = await pool.query<{ shown_position: string; body: Record<string, unknown> }>(
      `SELECT j.shown_position, r.body FROM pairwise_judgment j JOIN eval_record r ON r.eval_id = j.eval_id
       WHERE j.assignment_id = $1 ORDER BY j.shown_position`,
      [assignmentId],
    );
    expect(stored.map((row) => row.shown_position)).toEqual(["left", "right"]);
    const [left, right] = stored.map((row) => row.body as Record<string, Record<string, unknown>>);
    const reason = "Response 1 answers the question; Response 2 hedges = worse.";
    expect(left!.universal).toEqual({
      vs_reference: "better",
      helpfulness: { score: 3, rationale: "Misses the refund window." },
      instruction_following: { score: 5, confidence: "high" },
      faithfulness: { score: 5, confidence: "high" },
      safety_overall: { score: 5, confidence: "high" },
      overall_quality: { score: 5, confidence: "high" },
    });
    expect(right!.universal).toEqual({
      vs_reference: "worse",
      helpfulness: { score: 4, confidence: "high" },
      instruction_following: { score: 4, confidence: "high" },
      faithfulness: { score: 4, confidence: "high" },
      safety_overall: { score: 4, confidence: "high" },
      overall_quality: { score: 4, confidence: "high" },
    });
    for (const body of [left!, right!]) expect(body.freeform).toEqual({ notes: reason });
  } finally {
    await pool.end();
  }
});

test("the hazard list (j) and the pair page's Shortcuts button fit at 1440 and 390 px", async ({ page, baseURL }) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 1 });
  await page.goto(`/rate/${await heldAssignment(suite.suiteId, page, baseURL!)}`);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.keyboard.press("j");
    const picker = page.getByTestId("hazard-picker");
    await expect(picker.getByRole("button")).toHaveCount(13); // twelve hazards and Close
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/hazard-picker-${width}.png` });
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();
  }
  const seeded = await seedPair(baseURL!);
  const next = await page.request.post(`/api/pairwise/suites/${seeded.suiteId}/next`, {
    headers: { origin: baseURL! },
  });
  await page.goto(`/rate/pair/${(await next.json()).assignment_id}`);
  await expect(page.locator(".aif-form[data-hydrated='true']")).toHaveCount(2);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole("button", { name: "Shortcuts (?)" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/pair-toolbar-${width}.png` });
  }
});
