// End-user ratings through a revocable share link: no account, a random
// visitor id, each item at most once per visitor.
import { UNIVERSAL_DIMENSIONS } from "./support/contract-facts";
import { expect, request, test, type Browser, type Page } from "@playwright/test";
import { chatItem, seedSuite } from "./support/seed-suite";
import { readShortcutsDialog } from "./support/shortcuts-dialog";
import { storageStateOf } from "./support/users";

const DIMENSIONS = [...UNIVERSAL_DIMENSIONS];

async function rateAsVisitor(browser: Browser, shareUrl: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(shareUrl);
  await page.getByRole("button", { name: "Start rating" }).click();
  await expect(page).toHaveURL(/\/share\/efs_[^/]+\/rate\//);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  // An end user sees the universal rubric only, in words, with what each score means.
  await expect(page.locator(".rating-end-user")).toHaveCount(1);
  for (const expertOnly of ["#root_safety_hate", "#root_refusal_appropriateness", "#root_freeform_notes", "#root_chat"])
    await expect(page.locator(expertOnly)).toHaveCount(0);
  await expect(page.locator("fieldset#root_universal_helpfulness").getByTestId("likert-anchors")).toContainText(
    "Fully solves",
  );
  for (const dimension of DIMENSIONS) {
    await page.locator(`fieldset#root_universal_${dimension}`).getByRole("radio", { name: "4" }).check();
  }
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("submitted")).toBeVisible();
  return page;
}

test(
  "a visitor rates through a share link as an end user, once per item; a revoked link stops working",
  { tag: "@every-setup" },
  async ({ browser, baseURL }) => {
    const adminPage = await (await browser.newContext({ storageState: storageStateOf("admin") })).newPage();
    const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
    // k = 4: one link may take at most half of an item's slots (rounded up), two here.
    const suite = await seedSuite(admin, baseURL!, { raterIds: [], count: 1, k: 4 });
    await adminPage.goto(`/admin/suites/${suite.suiteId}`);
    await adminPage.getByLabel("Who the link is for").fill("Beta testers");
    await adminPage.getByRole("button", { name: "Create share link" }).click();
    const shareUrl = (await adminPage.getByTestId("share-link").textContent())!;
    expect(shareUrl).toMatch(/\/share\/efs_/);

    const first = await rateAsVisitor(browser, shareUrl);
    // The same visitor has nothing more to rate; another visitor still gets the item (k = 4).
    await first.keyboard.press("n");
    await expect(first).toHaveURL(/\?finished=1$/);
    const second = await rateAsVisitor(browser, shareUrl);

    const records = await (await admin.get("/api/records?limit=200")).json();
    const ratings = records.records.filter((record: { suite_id: string }) => record.suite_id === suite.suiteKey);
    expect(ratings).toHaveLength(2);
    expect(ratings.map((record: { rater_type: string }) => record.rater_type)).toEqual(["end_user", "end_user"]);
    expect(new Set(ratings.map((record: { rater_id: string }) => record.rater_id)).size).toBe(2);

    await adminPage.reload();
    await adminPage.getByRole("button", { name: "Revoke" }).click();
    await expect(adminPage.locator("main")).toContainText("revoked");
    const gone = await second.goto(shareUrl);
    expect(gone?.status()).toBe(404);
    await admin.dispose();
  },
);

async function newShareLink(browser: Browser, suiteId: string, label: string): Promise<string> {
  const adminPage = await (await browser.newContext({ storageState: storageStateOf("admin") })).newPage();
  await adminPage.goto(`/admin/suites/${suiteId}`);
  await adminPage.getByLabel("Who the link is for").fill(label);
  await adminPage.getByRole("button", { name: "Create share link" }).click();
  const shareUrl = (await adminPage.getByTestId("share-link").textContent())!;
  await adminPage.context().close();
  return shareUrl;
}

test("a visitor on a phone gets the light profile: scores alone submit, no jargon, no JSON scores, no shortcuts button", async ({
  browser,
  baseURL,
}) => {
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  const item = chatItem(`light-${Date.now()}`, "Here is the cat you asked for.");
  const [, answer] = (item.transcript as { messages: { content: unknown[] }[] }).messages;
  answer!.content.push({ type: "image", url: "ftp://files.example/cat.png" });
  const suite = await seedSuite(admin, baseURL!, {
    raterIds: [],
    k: 2,
    items: [{ ...item, automatic_scores: { bleu: 0.41, judge: { model: "m", verdict: "pass" } } }],
  });
  const shareUrl = await newShareLink(browser, suite.suiteId, "Phone panel");

  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(shareUrl);
  await page.getByRole("button", { name: "Start rating" }).click();
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  const itemRegion = page.getByRole("region", { name: "Item to rate" });
  await expect(itemRegion.getByRole("note")).toContainText("1 image that cannot be shown here");
  await expect(page.locator("main")).not.toContainText("data: URL");
  await expect(page.locator("main")).not.toContainText("Automatic scores");
  await expect(page.locator("main")).not.toContainText("bleu");
  await expect(page.getByRole("button", { name: "Shortcuts (?)" })).toBeHidden();
  const helpfulness = page.locator("fieldset#root_universal_helpfulness");
  await expect(helpfulness.getByRole("radio", { name: "High" })).toHaveCount(0);
  await helpfulness.getByRole("radio", { name: "2" }).check();
  await expect(helpfulness).toContainText("optional");
  await expect(helpfulness).not.toContainText("required");
  // Low scores, no confidence, no rationale: accepted as it is.
  for (const dimension of DIMENSIONS.slice(1))
    await page.locator(`fieldset#root_universal_${dimension}`).getByRole("radio", { name: "2" }).check();
  await page.getByRole("button", { name: /^Submit rating/ }).click();
  await expect(page.getByTestId("submitted")).toBeVisible();

  const records = await (await admin.get("/api/records?limit=200")).json();
  const [listed] = records.records.filter((record: { suite_id: string }) => record.suite_id === suite.suiteKey);
  const stored = await (await admin.get(`/api/records/${listed.eval_id}`)).json();
  expect(stored.rater.type).toBe("end_user");
  expect(stored.universal).toEqual(Object.fromEntries(DIMENSIONS.map((name) => [name, { score: 2 }])));
  await admin.dispose();
});

test("a desktop visitor's ? dialog lists only keys for what their form shows, and the expert keys change nothing", async ({
  browser,
  baseURL,
}) => {
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  const suite = await seedSuite(admin, baseURL!, { raterIds: [], count: 1, k: 2 });
  const shareUrl = await newShareLink(browser, suite.suiteId, "Desktop panel");
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(shareUrl);
  await page.getByRole("button", { name: "Start rating" }).click();
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  const rows = await readShortcutsDialog(page);
  const listed = rows.map((row) => row.keys);
  for (const expertKey of [
    "Shift+1 – 5",
    "h / m / l",
    "Shift+H",
    "0",
    "1 – 4 (on a hazard)",
    "j, then its letter",
    "e",
  ])
    expect(listed).not.toContain(expertKey);
  for (const key of ["1 – 5", "r", "Esc", "Ctrl/⌘+Enter", "?"]) expect(listed).toContain(key);
  // Keys for confidence and hazards, pressed anyway: nothing the visitor cannot see is set.
  await page.keyboard.press("Shift+H");
  await page.keyboard.press("0");
  for (const dimension of DIMENSIONS)
    await page.locator(`fieldset#root_universal_${dimension}`).getByRole("radio", { name: "4" }).check();
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("submitted")).toBeVisible();
  const records = await (await admin.get("/api/records?limit=200")).json();
  const [listedRecord] = records.records.filter((record: { suite_id: string }) => record.suite_id === suite.suiteKey);
  const stored = await (await admin.get(`/api/records/${listedRecord.eval_id}`)).json();
  expect(stored.universal).toEqual(Object.fromEntries(DIMENSIONS.map((name) => [name, { score: 4 }])));
  expect(stored.safety).toBeUndefined();
  await admin.dispose();
});

test("a share link is created with its caps, which the suite page shows", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: storageStateOf("admin") });
  const adminPage = await context.newPage();
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  const suite = await seedSuite(admin, baseURL!, { raterIds: [], count: 1, k: 4 });
  await adminPage.goto(`/admin/suites/${suite.suiteId}`);
  await adminPage.getByLabel("Who the link is for").fill("Capped panel");
  await adminPage.getByLabel("Most of each item's k slots").fill("1");
  await adminPage.getByLabel("Most new items an hour").fill("7");
  await adminPage.getByRole("button", { name: "Create share link" }).click();
  await expect(adminPage.getByTestId("share-link")).toBeVisible();
  await expect(
    adminPage.getByRole("listitem").filter({ hasText: "Capped panel" }).getByTestId("share-link-caps"),
  ).toHaveText("at most 1 of each item's slots, 7 new items an hour");
  // Left empty, the defaults apply.
  await adminPage.getByLabel("Who the link is for").fill("Default panel");
  await adminPage.getByRole("button", { name: "Create share link" }).click();
  await expect(
    adminPage.getByRole("listitem").filter({ hasText: "Default panel" }).getByTestId("share-link-caps"),
  ).toHaveText("half of each item's slots, 100 new items an hour");
  await admin.dispose();
  await context.close();
});

test("a new share link is copied with one click", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    storageState: storageStateOf("admin"),
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const adminPage = await context.newPage();
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  const suite = await seedSuite(admin, baseURL!, { raterIds: [], count: 1 });
  await adminPage.goto(`/admin/suites/${suite.suiteId}`);
  await adminPage.getByLabel("Who the link is for").fill("Copy test");
  await adminPage.getByRole("button", { name: "Create share link" }).click();
  const shareUrl = (await adminPage.getByTestId("share-link").textContent())!;
  await adminPage.getByRole("button", { name: "Copy link" }).click();
  await expect(adminPage.getByText("Copied.")).toBeVisible();
  expect(await adminPage.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  await admin.dispose();
  await context.close();
});
