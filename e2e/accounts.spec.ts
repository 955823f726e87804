// Accounts in the browser: each role's navigation, sign-out, disabling, IDOR,
// token narrowing and the invitation flow.
import { UNIVERSAL_DIMENSIONS } from "./support/contract-facts";
import { randomUUID } from "node:crypto";
import { expect, request, test, type Browser, type Page } from "@playwright/test";
import { e2eUsers, storageStateOf } from "./support/users";

// Each role's home, where opening the app's address lands after signing in.
const HOME = { rater: /\/queue$/, sme: /\/queue$/, admin: /\/admin\/suites$/ } as const;

/** Opens the app's address as a new visitor would, signs in there, and lands on the role's home. */
async function signInThroughForm(
  page: Page,
  email: string,
  password: string,
  home: RegExp = HOME.rater,
): Promise<void> {
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in\?next=%2F$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(home);
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const NAV = ["Records", "New rating", "Adjudicate", "Users", "Audit log", "API tokens"] as const;
const EXPECTED_NAV: Record<"rater" | "sme" | "admin", (typeof NAV)[number][]> = {
  rater: ["Records", "New rating", "API tokens"],
  sme: ["Records", "New rating", "Adjudicate", "API tokens"],
  admin: ["Records", "Adjudicate", "Users", "Audit log", "API tokens"],
};

for (const role of ["rater", "sme", "admin"] as const) {
  test(`${role} signs in with the form and sees exactly their navigation`, async ({ browser }) => {
    const user = e2eUsers()[role];
    const page = await freshPage(browser);
    await signInThroughForm(page, user.email, user.password, HOME[role]);
    await expect(page.getByTestId("signed-in-as")).toContainText(user.name);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const link of NAV) {
      await expect(nav.getByRole("link", { name: link, exact: true })).toHaveCount(
        EXPECTED_NAV[role].includes(link) ? 1 : 0,
      );
    }
    await page.context().close();
  });
}

test("a wrong password is refused with a clear message", async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(e2eUsers().sme.email);
  await page.getByLabel("Password").fill("definitely-not-it");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();
  await page.context().close();
});

test("signing out ends the session: the old cookie no longer works", async ({ browser, baseURL }) => {
  const user = e2eUsers().rater;
  const page = await freshPage(browser);
  await signInThroughForm(page, user.email, user.password);
  const state = await page.context().storageState();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/records");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Frecords/);
  const replay = await request.newContext({ baseURL, storageState: state });
  expect((await replay.get("/api/records")).status()).toBe(401);
  await replay.dispose();
  await page.context().close();
});

test("a user disabled by an admin is thrown out on the next request", async ({ browser, baseURL }) => {
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  const email = `to-disable-${Date.now()}@example.test`;
  const invitation = await (await admin.post("/api/users", { data: { email, roles: ["rater"] } })).json();
  const anonymous = await request.newContext({ baseURL });
  expect(
    (
      await anonymous.post(invitation.invite_path.replace("/invite/", "/api/invitations/"), {
        data: { name: `Dee ${randomUUID().slice(0, 8)}`, password: "a-long-password-1" },
      })
    ).status(),
  ).toBe(201);

  const page = await freshPage(browser);
  await signInThroughForm(page, email, "a-long-password-1");
  const { users } = await (await admin.get("/api/users")).json();
  const target = users.find((user: { email: string }) => user.email === email);
  expect((await admin.patch(`/api/users/${target.id}`, { data: { disabled: true } })).status()).toBe(200);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New rating" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signInThroughFormExpectingRefusal(page, email);
  await Promise.all([admin.dispose(), anonymous.dispose(), page.context().close()]);
});

async function signInThroughFormExpectingRefusal(page: Page, email: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-long-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Exactly what a wrong password gets: "disabled" would confirm the password.
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();
}

test("IDOR: another rater's record answers 404 in the API and the page", async ({ baseURL, browser }) => {
  const owner = await request.newContext({ baseURL, storageState: storageStateOf("rater") });
  const created = await owner.post("/api/records", {
    data: {
      subject: { system_under_test: "idor", modality_tags: ["chat"] },
      task: { task_id: "idor", modality: "chat", prompt: "p" },
      universal: Object.fromEntries([...UNIVERSAL_DIMENSIONS].map((k) => [k, { score: 5, confidence: "high" }])),
    },
  });
  const evalId = (await created.json()).eval_id;
  const other = await request.newContext({ baseURL, storageState: storageStateOf("otherRater") });
  expect((await other.get(`/api/records/${evalId}`)).status()).toBe(404);
  const context = await browser.newContext({ storageState: storageStateOf("otherRater") });
  const page = await context.newPage();
  const response = await page.goto(`/records/${evalId}`);
  expect(response?.status()).toBe(404);
  const correction = await page.goto(`/records/new?from=${evalId}`);
  expect(correction?.status()).toBe(404);
  await Promise.all([owner.dispose(), other.dispose(), context.close()]);
});

test("an API token with fewer roles cannot do more; a revoked one does nothing", async ({ baseURL }) => {
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  const email = `token-owner-${Date.now()}@example.test`;
  const invitation = await (await admin.post("/api/users", { data: { email, roles: ["rater", "admin"] } })).json();
  const session = await request.newContext({ baseURL });
  await session.post(invitation.invite_path.replace("/invite/", "/api/invitations/"), {
    data: { name: `Tom ${randomUUID().slice(0, 8)}`, password: "a-long-password-1" },
  });
  expect((await session.post("/api/auth/sign-in/email", { data: { email, password: "a-long-password-1" } })).ok()).toBe(
    true,
  );

  const created = await session.post("/api/tokens", { data: { name: "rater-only", roles: ["rater"] } });
  expect(created.status()).toBe(201);
  const { token, id } = await created.json();
  const script = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  expect((await script.get("/api/records")).status()).toBe(200);
  expect((await script.get("/api/users")).status()).toBe(403);
  expect((await session.get("/api/users")).status()).toBe(200);
  expect((await script.post("/api/tokens", { data: { name: "escalate", roles: ["admin"] } })).status()).toBe(403);
  expect((await session.delete(`/api/tokens/${id}`)).status()).toBe(204);
  expect((await script.get("/api/records")).status()).toBe(401);
  await Promise.all([admin.dispose(), session.dispose(), script.dispose()]);
});

test("an admin invites through the UI; the invitee joins, lands signed in on a welcome, and signs in again as a rater", async ({
  browser,
}) => {
  const adminContext = await browser.newContext({ storageState: storageStateOf("admin") });
  const adminPage = await adminContext.newPage();
  await adminPage.goto("/admin/users");
  const email = `invitee-${Date.now()}@example.test`;
  await adminPage.getByLabel("Email").fill(email);
  await adminPage.getByRole("button", { name: "Create invitation link" }).click();
  const link = await adminPage.getByTestId("invitation-link").textContent();
  expect(link).toMatch(/\/invite\//);

  const page = await freshPage(browser);
  await page.goto(link!);
  await page.getByLabel("Your name").fill("Ivy Invitee");
  await page.getByLabel(/Choose a password/).fill("short");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.locator("#password__error")).toContainText("at least 12");
  await page.getByLabel(/Choose a password/).fill("a-much-longer-password");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole("heading", { name: "Welcome to evalform, Ivy Invitee" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to my queue" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toContainText("Ivy Invitee (rater)");
  await page.context().clearCookies();
  await signInThroughForm(page, email, "a-much-longer-password");
  await expect(page.getByTestId("signed-in-as")).toContainText("Ivy Invitee (rater)");

  await adminPage.goto("/admin/audit");
  await expect(adminPage.getByRole("cell", { name: "user.invited" }).first()).toBeVisible();
  await Promise.all([adminContext.close(), page.context().close()]);
});
