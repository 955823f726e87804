// The draft when the browser misbehaves: a reload right after typing or while
// offline, a session that ends mid-form, two tabs on one draft. Nothing typed
// is lost and nothing is overwritten without the rater choosing it.
import { expect, request, test, type BrowserContext, type Page } from "@playwright/test";
import { rateEveryDimensionByKeyboard, startRating } from "./support/rating-page";
import { seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

const NOTES = "#root_freeform_notes";

test.use({ storageState: storageStateOf("otherRater") });

async function newSuite(baseURL: string, raterId: string) {
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  try {
    return await seedSuite(admin, baseURL, { raterIds: [raterId], count: 1 });
  } finally {
    await admin.dispose();
  }
}

function assignmentIdOf(page: Page): string {
  return page.url().split("/rate/")[1]!;
}

async function serverNotes(context: BrowserContext, assignmentId: string): Promise<string | null> {
  const response = await context.request.get(`/api/assignments/${assignmentId}`);
  return (
    ((await response.json()) as { draft: { freeform?: { notes?: string } } | null }).draft?.freeform?.notes ?? null
  );
}

async function typeNotes(page: Page, text: string): Promise<void> {
  await page.locator(NOTES).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text, { delay: 5 });
}

test("a reload right after typing, or while offline, keeps every key, and the server catches up without more typing", async ({
  page,
  context,
  baseURL,
}) => {
  const suite = await newSuite(baseURL!, e2eUsers().otherRater.userId);
  await startRating(page, suite.suiteKey);
  const assignmentId = assignmentIdOf(page);
  await typeNotes(page, "typed and reloaded at once");
  await page.reload();
  await expect(page.locator(NOTES)).toHaveValue("typed and reloaded at once");
  await expect.poll(() => serverNotes(context, assignmentId), { timeout: 15_000 }).toBe("typed and reloaded at once");

  await context.setOffline(true);
  await typeNotes(page, ", then offline");
  // No service worker: the page asks before a reload that cannot load it, and the reload fails.
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  expect(await asked).toBe("beforeunload");
  await context.setOffline(false);
  await page.goto(`/rate/${assignmentId}`);
  await expect(page.locator(NOTES)).toHaveValue("typed and reloaded at once, then offline");
  await expect
    .poll(() => serverNotes(context, assignmentId), { timeout: 15_000 })
    .toBe("typed and reloaded at once, then offline");
});

test("a session that ends mid-form keeps the draft, says to sign in again, and resumes there after signing in", async ({
  browser,
  baseURL,
}) => {
  const user = e2eUsers().otherRater;
  // A session of its own, so ending it leaves the other tests' sessions alone.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  expect(
    (
      await context.request.post("/api/auth/sign-in/email", { data: { email: user.email, password: user.password } })
    ).ok(),
  ).toBe(true);
  const suite = await newSuite(baseURL!, user.userId);
  const page = await context.newPage();
  await startRating(page, suite.suiteKey);
  const assignmentId = assignmentIdOf(page);
  await rateEveryDimensionByKeyboard(page, 5);
  await typeNotes(page, "before");
  await expect.poll(() => serverNotes(context, assignmentId), { timeout: 15_000 }).toBe("before");

  // The session ends on the server (and its cookie goes with it).
  expect((await page.request.post("/api/auth/sign-out", { data: {}, headers: { origin: baseURL! } })).ok()).toBe(true);
  await typeNotes(page, " and after");
  await page.locator(NOTES).blur();
  const notice = page.getByTestId("signed-out");
  await expect(notice).toContainText("Your session has ended");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "signed-out");
  await page.keyboard.press("Control+Enter");
  await expect(notice).toBeVisible();
  await expect(page.getByTestId("submitted")).toHaveCount(0);

  const link = notice.getByRole("link", { name: "Sign in again and return to this item" });
  await expect(link).toHaveAttribute("href", `/sign-in?next=${encodeURIComponent(`/rate/${assignmentId}`)}`);
  await link.click();
  await page.locator("#email").fill(user.email);
  await page.locator("#password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Sign-in, redirect and the rating page's first render: on a loaded 2-core machine this once took longer than the default 5 s.
  await expect(page).toHaveURL(new RegExp(`/rate/${assignmentId}$`), { timeout: 15_000 });
  await expect(page.locator(NOTES)).toHaveValue("before and after");
  await expect.poll(() => serverNotes(context, assignmentId), { timeout: 15_000 }).toBe("before and after");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("submitted")).toBeVisible();
  await context.close();
});

test(
  "two tabs on one draft: the tab that is behind is refused and says so, and the rater chooses which draft wins",
  { tag: "@every-setup" },
  async ({ context, baseURL }) => {
    const suite = await newSuite(baseURL!, e2eUsers().otherRater.userId);
    const tabA = await context.newPage();
    await startRating(tabA, suite.suiteKey);
    const assignmentId = assignmentIdOf(tabA);
    await typeNotes(tabA, "from A");
    await expect.poll(() => serverNotes(context, assignmentId), { timeout: 15_000 }).toBe("from A");
    // The same item in a second tab, which saves next.
    const tabB = await context.newPage();
    await tabB.goto(`/rate/${assignmentId}`);
    await expect(tabB.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
    await typeNotes(tabB, " and B");
    await expect.poll(() => serverNotes(context, assignmentId), { timeout: 15_000 }).toBe("from A and B");

    // Tab A is behind: refused, told, and the server keeps B's draft until the rater chooses.
    await typeNotes(tabA, " again");
    await expect(tabA.getByTestId("save-status")).toHaveAttribute("data-state", "conflict", { timeout: 15_000 });
    await expect(tabA.getByTestId("save-status")).toContainText("another tab");
    expect(await serverNotes(context, assignmentId)).toBe("from A and B");
    await tabA.getByRole("button", { name: "Keep my changes (replace the newer draft)" }).click();
    await expect.poll(() => serverNotes(context, assignmentId), { timeout: 15_000 }).toBe("from A again");

    // Now tab B is behind: refused in turn; it loads the newer draft.
    await typeNotes(tabB, " more");
    await expect(tabB.getByTestId("save-status")).toHaveAttribute("data-state", "conflict", { timeout: 15_000 });
    expect(await serverNotes(context, assignmentId)).toBe("from A again");
    await tabB.getByRole("button", { name: "Load the newer draft (discard my changes here)" }).click();
    await expect(tabB.locator(NOTES)).toHaveValue("from A again");
    await expect(tabB.getByTestId("draft-conflict")).toHaveCount(0);
  },
);
