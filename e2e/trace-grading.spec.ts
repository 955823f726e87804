// Agents graded on their trace: each tool call's verdict is given on its step
// in the run the rater reads, by the keys the `?` dialog lists, and stored in
// the AIF fields the form's table writes (the table and the steps show one
// state). Rated on the 15-call run by following the dialog only, typed without
// waiting on a CPU slowed 4×; the stored record is compared field by field.
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { readShortcutsDialog, dialogFollower, slowCpu } from "./support/shortcuts-dialog";
import { seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";
import { agentItem } from "./support/viewer-items";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("otherRater") });

const TOOLS = Array.from({ length: 15 }, (_, index) => ((index + 1) % 2 ? "search_flights" : "get_price"));
const TRACE_ROWS = ["t", "] / [ (on a step)", "1 – 4 (on a step)", "Del (on a step)"];

async function openAgentItem(page: Page, baseURL: string): Promise<{ suiteKey: string }> {
  const suite = await seedSuite(admin, baseURL, {
    raterIds: [e2eUsers().otherRater.userId],
    items: [agentItem(`trace-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`)],
  });
  const next = await page.request.post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: baseURL } });
  expect(next.status()).toBe(200);
  await page.goto(`/rate/${(await next.json()).assignment_id}`);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  return { suiteKey: suite.suiteKey };
}

async function recordOfSuite(suiteKey: string): Promise<Record<string, unknown>> {
  const list = (await (await admin.get("/api/records?limit=200")).json()).records as {
    eval_id: string;
    suite_id: string;
  }[];
  const mine = list.filter((record) => record.suite_id === suiteKey);
  expect(mine).toHaveLength(1);
  return (await admin.get(`/api/records/${mine[0]!.eval_id}`)).json();
}

test("the 15-call run rated by following the ? dialog, typed without waiting on a CPU slowed 4×: verdicts on two tool calls, stored as intended", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { suiteKey } = await openAgentItem(page, baseURL!);
  const rows = await readShortcutsDialog(page);
  const keys = dialogFollower(page, rows);

  const cdp = await slowCpu(page);
  await page.reload({ waitUntil: "commit" });
  await page.waitForFunction(() => "__evalformKeys" in window && document.body !== null, undefined, { polling: 10 });
  await keys.press("Shift+1 – 5", ...Array(5).fill("Shift+Digit5"));
  await keys.press("0", "0");
  await keys.press("t", "t"); // the first step not judged: step 1
  await keys.press("1 – 4 (on a step)", "1"); // step 1 ok, on to step 2
  await keys.press("] / [ (on a step)", "["); // back to step 1
  await keys.press("Del (on a step)", "Delete"); // step 1 not judged after all
  await keys.press("] / [ (on a step)", "]", "]", "]"); // step 4
  await keys.press("1 – 4 (on a step)", "2"); // wrong tool
  await keys.press("] / [ (on a step)", ...Array(6).fill("]")); // step 10
  await keys.press("1 – 4 (on a step)", "3", "4"); // wrong arguments, and an unnecessary call
  await keys.press("t", "t"); // back to the form
  await keys.press("Ctrl/⌘+Enter", "Control+Enter");
  expect(TRACE_ROWS.filter((row) => !keys.used().includes(row))).toEqual([]);
  await expect(page.getByTestId("submitted")).toBeVisible({ timeout: 120_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  console.log(`non-text keys for the agent item with two tool-call verdicts: ${keys.presses()}`);

  const record = await recordOfSuite(suiteKey);
  const calls: Record<string, unknown>[] = TOOLS.map((tool) => ({ tool }));
  calls[3] = { tool: "get_price", call_ok: false };
  calls[9] = { tool: "get_price", params_ok: false, redundant: true };
  expect(record.agent).toEqual({ tool_calls: calls, efficiency: { n_toolcalls: 15 } });
  const high = { score: 5, confidence: "high" };
  expect(record.universal).toEqual({
    helpfulness: high,
    instruction_following: high,
    faithfulness: high,
    safety_overall: high,
    overall_quality: high,
  });
  expect((record.safety as Record<string, unknown>).is_violating_any).toBe(false);
  for (const section of ["refusal", "issue_tags", "freeform", "chat"]) expect(record[section]).toBeUndefined();
});

test("the steps and the form's table show one state; keys never act from a text field or a dialog; fits at 1440 and 390 px", async ({
  page,
  baseURL,
}) => {
  // axe reads the whole form and the 15-step run twice: minutes on the loaded machine.
  test.setTimeout(240_000);
  await openAgentItem(page, baseURL!);
  const steps = page.locator("section[data-trace] [data-step]");
  await expect(steps).toHaveCount(15);
  const verdictOf = (index: number) => steps.nth(index).locator("[data-verdict-state]");

  // A step's button writes the table's field.
  await steps
    .nth(1)
    .getByRole("button", { name: /^Unnecessary call/ })
    .click();
  await expect(page.locator("#root_agent_tool_calls_1_redundant-yes")).toBeChecked();
  await expect(verdictOf(1)).toHaveText("Unnecessary call");
  // The table's field shows on the step.
  await page.locator("label[for=root_agent_tool_calls_2_params_ok-no]").click();
  await expect(verdictOf(2)).toHaveText("Wrong arguments");
  await expect(steps.nth(2).getByRole("button", { name: /^Wrong arguments/ })).toHaveAttribute("aria-pressed", "true");
  await page.locator("label[for=root_agent_tool_calls_2_params_ok-unset]").click();
  await expect(verdictOf(2)).toHaveText("Not judged");

  // Keys typed in the trace's search are text; in the ? dialog they are nothing.
  const search = page.getByRole("searchbox", { name: "Search the steps" });
  await search.focus();
  await page.keyboard.type("t1]");
  await expect(search).toHaveValue("t1]");
  await expect(search).toBeFocused();
  await search.fill("");
  await steps.nth(0).locator("summary").focus();
  await page.keyboard.press("?");
  await expect(page.getByTestId("shortcuts-dialog")).toBeVisible();
  await page.keyboard.press("1");
  await page.keyboard.press("t");
  await page.keyboard.press("?");
  await expect(verdictOf(0)).toHaveText("Not judged");
  // On a step, r is no way into the form's text.
  await steps.nth(0).locator("summary").focus();
  await page.keyboard.press("r");
  await expect(steps.nth(0).locator("summary")).toBeFocused();
  await page.keyboard.press("1");
  await expect(verdictOf(0)).toHaveText("Ok");
  await expect(steps.nth(1).locator("summary")).toBeFocused();

  await page.getByRole("button", { name: "Expand all" }).click();
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await steps.nth(1).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // A pressed verdict (step 1 ok, step 2 an unnecessary call) is checked for contrast too.
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `.scratch/trace-grading-${width}.png` });
  }
});
