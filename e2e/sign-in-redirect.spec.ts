// The sign-in page's `next` in Chromium: payloads that browsers read as
// another host (a backslash, a tab, `/.//`) never take a signed-in user, or a
// user who has just signed in, off the app's host. Also: authenticated
// answers are not stored by caches.
import { expect, test, type Page } from "@playwright/test";
import { e2eUsers, storageStateOf } from "./support/users";

// Raw query values, percent-encoded as an attacker would put them in a link.
const OFF_SITE_NEXT = [
  "/%5Cevil.example",
  "/%09/evil.example",
  "/%0A/evil.example",
  "%2F%5Cevil.example",
  "//evil.example",
  "%2F%2Fevil.example",
  "/.//evil.example",
  "/%2E//evil.example",
  "https://evil.example",
  "%5C%5Cevil.example",
];

async function landedOn(page: Page): Promise<string> {
  // A redirect off the app would fail to resolve evil.example; what counts is where the browser went.
  await page.waitForLoadState().catch(() => undefined);
  return new URL(page.url()).host;
}

test("signed in, /sign-in?next=… never leaves the app's host", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: storageStateOf("rater") });
  const page = await context.newPage();
  const appHost = new URL(baseURL!).host;
  for (const next of OFF_SITE_NEXT) {
    await page.goto(`/sign-in?next=${next}`).catch(() => undefined);
    expect(await landedOn(page), `next=${next}`).toBe(appHost);
    // An off-site next falls back to the start page, which sends the rater to their queue.
    expect(new URL(page.url()).pathname, `next=${next}`).toBe("/queue");
  }
  await context.close();
});

test("after signing in through the form, next=… never leaves the app's host; a path of the app is kept", async ({
  browser,
  baseURL,
}) => {
  const user = e2eUsers().rater;
  const appHost = new URL(baseURL!).host;
  for (const next of [
    ...OFF_SITE_NEXT.slice(0, 4),
    "/.//evil.example",
    "https://evil.example",
    "%2Fsettings%2Ftokens",
  ]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/sign-in?next=${next}`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    const expected = next === "%2Fsettings%2Ftokens" ? "/settings/tokens" : "/queue";
    await expect
      .poll(() => page.url(), { message: `next=${next}` })
      .toMatch(new RegExp(`${expected.replace(/\//g, "\\/")}$`));
    expect(await landedOn(page), `next=${next}`).toBe(appHost);
    await context.close();
  }
});

test("authenticated answers carry Cache-Control: no-store (API and pages)", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateOf("rater") });
  const api = await context.request.get("/api/records");
  expect(api.status()).toBe(200);
  expect(api.headers()["cache-control"]).toContain("no-store");
  const page = await context.request.get("/records", { maxRedirects: 0 });
  expect(page.status()).toBe(200);
  expect(page.headers()["cache-control"]).toContain("no-store");
  await context.close();
});
