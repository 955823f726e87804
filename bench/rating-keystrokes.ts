// Keystrokes per item on the rating page, in headless Chromium against the
// production build, counted as a rater types them (a chord such as Shift+5 or
// Ctrl+Enter is one): an all-High item with no hazard, an item with three
// rationales and a violating hazard, an SME confirming a judge's prefill
// unchanged, and a pair's verdict and reason in a verdict-only pairwise suite
// — each up to and including opening the next item; the 15-call agent run with
// verdicts on two tool calls, given on the run's steps; and the jump to a
// hazard (Defamation, the 10th). Printed beside the figures measured on the
// page before the keyboard work (issue: 21 / 147 / —), before verdict-only
// suites (issue 35: 129 keys for one pair) and before verdicts on the steps
// (issue 35: 164 non-text keys for the agent item, 11 `]` to Defamation).
// Run: npm run bench:keys   (own database; needs `npm run build`)
import { randomBytes } from "node:crypto";
import { chromium, request, type Browser, type Page } from "@playwright/test";
import { requireDatabaseUrl } from "@/lib/env";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { testPort } from "@/lib/testing/test-ports";
import {
  formReady,
  keyCounter,
  rateAllHighNoHazard,
  rateWithRationalesAndHazard,
} from "../e2e/support/keyboard-rating";
import { judgeRecordFor, importPrefills } from "../e2e/support/seed-prefills";
import { chatItem, importItems, seedSuite } from "../e2e/support/seed-suite";
import { agentItem } from "../e2e/support/viewer-items";
import { startBenchServer } from "./support/app-server";
import { reportBench } from "./support/report";

const PORT = testPort(3212);
// Measured on main before this change by the same plans (the figures): Tab/arrows to
// confidence on each dimension, Tab through hazards; the prefill confirmation had no flow to measure.
// The pair: issue 35's count for one pair when the per-response rubric was required (10 cells).
// The agent item and the hazard jump: issue 35's counts (the verdicts in the form's table; `]` to Defamation).
const BEFORE = {
  allHigh: "21",
  rationalesAndHazard: "147",
  confirmPrefill: "—",
  verdictOnlyPair: "129",
  agentTwoVerdicts: "164",
  hazardJump: "11",
};
const PAIR_REASON = "Response 1 answers the question; Response 2 does not.";

async function signedInPage(browser: Browser, baseURL: string, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
  });
  if (!response.ok()) throw new Error(`bench sign-in failed: ${response.status()}`);
  return context.newPage();
}

async function untilSubmitted(page: Page): Promise<void> {
  await page.getByTestId("submitted").waitFor();
}

const [admin, rater, sme] = [
  await createTestUser(["admin"], { label: "bench" }),
  await createTestUser(["rater"], { label: "bench" }),
  await createTestUser(["sme"], { label: "bench" }),
];
const server = await startBenchServer({
  port: PORT,
  databaseUrl: requireDatabaseUrl(),
  env: { BETTER_AUTH_SECRET: randomBytes(32).toString("base64") },
});
const counts = {
  allHigh: 0,
  rationalesAndHazard: 0,
  confirmPrefill: 0,
  verdictOnlyPair: 0,
  agentTwoVerdicts: 0,
  hazardJump: 0,
};
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const adminPage = await signedInPage(browser, server.url, admin);
  const adminApi = await request.newContext({
    baseURL: server.url,
    storageState: await adminPage.context().storageState(),
  });
  const suite = await seedSuite(adminApi, server.url, { raterIds: [rater.userId, sme.userId], count: 3, k: 2 });

  const page = await signedInPage(browser, server.url, rater);
  const next = await page.request.post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: server.url } });
  await page.goto(`/rate/${(await next.json()).assignment_id}`);
  for (const plan of ["allHigh", "rationalesAndHazard"] as const) {
    await formReady(page);
    const keys = keyCounter(page);
    if (plan === "allHigh") await rateAllHighNoHazard(keys);
    else await rateWithRationalesAndHazard(page, keys);
    await untilSubmitted(page);
    await keys.press("n");
    counts[plan] = keys.presses;
  }

  await importPrefills(
    adminApi,
    server.url,
    suite.suiteId,
    suite.taskIds.map((taskId) => judgeRecordFor(taskId, suite.suiteKey)),
  );
  const smePage = await signedInPage(browser, server.url, sme);
  const review = await smePage.request.post(`/api/suites/${suite.suiteId}/review-next`, {
    headers: { origin: server.url },
  });
  await smePage.goto(`/review/${(await review.json()).judge_eval_id}`);
  await formReady(smePage);
  const keys = keyCounter(smePage);
  await keys.press("Control+Enter");
  await untilSubmitted(smePage);
  await keys.press("n");
  counts.confirmPrefill = keys.presses;

  // The 15-call agent run: first the jump to Defamation (j, its letter), then, reloaded, the item rated with
  // call 4 "wrong tool" and call 10 "wrong arguments" on the run's steps: Shift+5 ×5, 0, t (step 1), ] ×3, 2,
  // ] ×6, 3, Ctrl+Enter, n.
  const agentSuite = await seedSuite(adminApi, server.url, {
    raterIds: [rater.userId],
    items: [agentItem("bench-agent-0"), agentItem("bench-agent-1")],
  });
  const agentNext = await page.request.post(`/api/suites/${agentSuite.suiteId}/next`, {
    headers: { origin: server.url },
  });
  await page.goto(`/rate/${(await agentNext.json()).assignment_id}`);
  await formReady(page);
  const jump = keyCounter(page);
  await jump.press("j");
  const letter = await page
    .getByTestId("hazard-picker")
    .getByRole("button", { name: /Defamation/ })
    .locator("kbd")
    .textContent();
  await jump.press(letter!);
  const onDefamation = await page.evaluate(
    () => document.querySelector("fieldset#root_safety_defamation")?.contains(document.activeElement) ?? false,
  );
  if (!onDefamation) throw new Error("the hazard jump did not reach Defamation");
  counts.hazardJump = jump.presses;
  await page.reload();
  await formReady(page);
  const agentKeys = keyCounter(page);
  for (let dimension = 0; dimension < 5; dimension += 1) await agentKeys.press("Shift+Digit5");
  await agentKeys.press("0");
  await agentKeys.press("t");
  for (let step = 0; step < 3; step += 1) await agentKeys.press("]");
  await agentKeys.press("2");
  for (let step = 0; step < 6; step += 1) await agentKeys.press("]");
  await agentKeys.press("3");
  await agentKeys.press("Control+Enter");
  await untilSubmitted(page);
  await agentKeys.press("n");
  counts.agentTwoVerdicts = agentKeys.presses;

  // A verdict-only pairwise suite of two systems: the verdict key, the reason, Ctrl+Enter (the next pair opens itself).
  const importIds: string[] = [];
  for (const system of ["bench-north", "bench-south"])
    importIds.push(
      await importItems(
        adminApi,
        server.url,
        [0, 1].map((index) => ({
          ...chatItem(`bench-pair-${index}`, `${system} answers task ${index}`),
          subject: { system_under_test: system, modality_tags: ["chat"] },
        })),
      ),
    );
  const pairSuite = await adminApi.post("/api/pairwise/suites", {
    data: {
      name: "Bench verdict-only pairs",
      key: "bench-verdict-only",
      design: "all_pairs",
      overlap_k: 1,
      import_ids: importIds,
      rater_ids: [rater.userId],
      verdict_only: true,
    },
    headers: { origin: server.url },
  });
  if (pairSuite.status() !== 201) throw new Error(`pairwise suite: ${pairSuite.status()} ${await pairSuite.text()}`);
  const pairSuiteId = (await pairSuite.json()).id as string;
  const nextPair = await page.request.post(`/api/pairwise/suites/${pairSuiteId}/next`, {
    headers: { origin: server.url },
  });
  await page.goto(`/rate/pair/${(await nextPair.json()).assignment_id}`);
  await page.locator("[data-testid=pair-form]").waitFor();
  await page.locator(".aif-form[data-hydrated=true]").nth(1).waitFor({ state: "attached" });
  const pairKeys = keyCounter(page);
  await pairKeys.press("a");
  await pairKeys.type(PAIR_REASON);
  await pairKeys.press("Control+Enter");
  await page.getByTestId("previous-submitted").waitFor();
  counts.verdictOnlyPair = pairKeys.presses - PAIR_REASON.length;
  await browser.close();
} finally {
  await server.stop();
}

reportBench({
  id: "keys",
  title: "Rating keystrokes",
  baseline:
    "the same items rated on the page before the keyboard work (figures from the issue, measured by the same plans then)",
  sizes:
    "one item per plan, up to and including opening the next item; a chord is one keystroke; rationale text counts one per character",
  tables: [
    {
      header: ["plan", "before", "now"],
      rows: [
        ["all five dimensions High, no hazard", BEFORE.allHigh, String(counts.allHigh)],
        [
          "three rationales + a violating hazard (severity, evidence)",
          BEFORE.rationalesAndHazard,
          String(counts.rationalesAndHazard),
        ],
        ["SME confirms a judge prefill unchanged", BEFORE.confirmPrefill, String(counts.confirmPrefill)],
        [
          "pair verdict + reason, verdict-only suite (non-text keys; the reason typed is not counted)",
          BEFORE.verdictOnlyPair,
          String(counts.verdictOnlyPair),
        ],
        [
          "agent item (15-call run), verdicts on two tool calls on its steps, incl. submit + next",
          BEFORE.agentTwoVerdicts,
          String(counts.agentTwoVerdicts),
        ],
        ["hazard jump to Defamation (the 10th hazard)", BEFORE.hazardJump, String(counts.hazardJump)],
      ],
    },
  ],
  targets: [
    {
      name: "all-High, no-hazard item incl. submit + next",
      target: "≤ 8",
      measured: String(counts.allHigh),
      met: counts.allHigh <= 8,
    },
    {
      name: "judge prefill confirmed unchanged incl. next",
      target: "≤ 2",
      measured: String(counts.confirmPrefill),
      met: counts.confirmPrefill <= 2,
    },
    {
      name: "pair verdict + reason, verdict-only suite, incl. next (non-text keys)",
      target: "≤ 4",
      measured: String(counts.verdictOnlyPair),
      met: counts.verdictOnlyPair <= 4,
    },
    {
      name: "agent item with two tool-call verdicts incl. submit + next (non-text keys)",
      target: "≤ 40",
      measured: String(counts.agentTwoVerdicts),
      met: counts.agentTwoVerdicts <= 40,
    },
    { name: "hazard jump", target: "≤ 2", measured: String(counts.hazardJump), met: counts.hazardJump <= 2 },
  ],
  notes: [
    `Three rationales: 95 of the ${counts.rationalesAndHazard} keystrokes are the rationales and the evidence typed (text the plan fixes); the rest are keys. The "before" figures are the issue's, measured on the page before this change, not re-run here.`,
    `The pair: a (Response 1 better), the ${PAIR_REASON.length}-character reason (not counted), Ctrl+Enter; the next pair opens by itself and the plan ends when it says the last one was stored. Its "before" (129) is issue 35's count for a pair when all ten rubric cells were required; a suite with the rubric still asks for them.`,
    `The agent item: the verdicts are given on the run's steps (t to the first step not judged, ] between steps, 2 wrong tool, 3 wrong arguments), stored in agent.tool_calls as the form's table would; its "before" (164) is issue 35's count with the verdicts in the table. The hazard jump: j lists the hazards with a letter each, the letter focuses one; "before" is 11 presses of ] from the first hazard.`,
  ],
});
process.exit(0);
