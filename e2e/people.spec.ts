// People in the browser: inviting a pasted list, and a password reset by an
// admin-issued link that ends the user's other sessions.
import { randomUUID } from "node:crypto";
import { expect, request, test } from "@playwright/test";
import { storageStateOf } from "./support/users";

test("an admin invites three people from a pasted list; a bad line is refused by number", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateOf("admin") });
  const page = await context.newPage();
  await page.goto("/admin/users");
  const tag = randomUUID().slice(0, 8);
  const list = [
    `ann-${tag}@example.test`,
    `bob-${tag}@example.test, sme`,
    "",
    "not an address",
    `cy-${tag}@example.test; admin rater`,
  ].join("\n");
  await page.getByLabel("People to invite, one a line").fill(list);
  await page.getByRole("button", { name: "Invite everyone on the list" }).click();
  await expect(page.getByTestId("bulk-summary")).toHaveText("3 invited, 1 refused");
  await expect(page.getByTestId("bulk-line-1")).toContainText(`Invited as rater: `);
  await expect(page.getByTestId("bulk-line-2")).toContainText("Invited as sme");
  await expect(page.getByTestId("bulk-line-4")).toContainText('Refused: "not an address" is not an email address');
  await expect(page.getByTestId("bulk-line-5")).toContainText("Invited as admin, rater");
  const link = await page.getByTestId("bulk-line-2").locator("code").textContent();

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link!);
  await expect(invitee.getByText(`bob-${tag}@example.test`)).toBeVisible();
  await expect(invitee.getByText("with the role sme")).toBeVisible();
  await Promise.all([context.close(), invitee.context().close()]);
});

test("an admin resets a password; the user sets a new one, is signed out elsewhere, and signs in with it", async ({
  browser,
  baseURL,
}) => {
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  const email = `forgetful-${randomUUID().slice(0, 8)}@example.test`;
  const name = `Fay ${randomUUID().slice(0, 8)}`;
  const invitation = await (await admin.post("/api/users", { data: { email, roles: ["rater"] } })).json();
  const anonymous = await request.newContext({ baseURL });
  expect(
    (
      await anonymous.post(invitation.invite_path.replace("/invite/", "/api/invitations/"), {
        data: { name, password: "the-old-password-1" },
      })
    ).status(),
  ).toBe(201);

  // A session opened with the old password, to be ended by the reset.
  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto("/sign-in");
  await elsewhere.getByLabel("Email").fill(email);
  await elsewhere.getByLabel("Password").fill("the-old-password-1");
  await elsewhere.getByRole("button", { name: "Sign in" }).click();
  await expect(elsewhere.getByTestId("signed-in-as")).toContainText(name);

  const adminContext = await browser.newContext({ storageState: storageStateOf("admin") });
  const adminPage = await adminContext.newPage();
  await adminPage.goto("/admin/users");
  await adminPage.getByLabel("Find a user by name or address").fill(name);
  await expect(adminPage.getByRole("status").filter({ hasText: /^1 of \d+ users$/ })).toBeVisible();
  await adminPage.getByRole("button", { name: `Reset password of ${email}` }).click();
  const link = await adminPage.getByTestId("reset-link").textContent();
  expect(link).toMatch(/\/reset-password\//);

  const page = await (await browser.newContext()).newPage();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
  await page.getByLabel(/New password/).fill("the-new-password-2");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=1/);
  await expect(page.getByText("Your new password is set")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password").fill("the-new-password-2");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-as")).toContainText(name);

  // The other session ended, the old password is refused, and the link works once.
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/sign-in/);
  expect(
    (
      await anonymous.post("/api/auth/sign-in/email", {
        data: { email, password: "the-old-password-1" },
        headers: { origin: baseURL! },
      })
    ).status(),
  ).toBe(401);
  expect((await page.goto(link!))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Reset link not valid" })).toBeVisible();

  // The audit log, filtered on the server, names the user and links to them.
  await adminPage.goto("/admin/audit");
  await adminPage.getByLabel("What").selectOption("user.password_reset_issued");
  await adminPage.getByRole("button", { name: "Filter" }).click();
  await expect(adminPage).toHaveURL(/action=user\.password_reset_issued/);
  const rows = adminPage.getByTestId("audit-table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  expect(await rows.filter({ hasNotText: "user.password_reset_issued" }).count()).toBe(0);
  await rows.getByRole("link", { name }).click();
  await expect(adminPage.getByLabel("Find a user by name or address")).toHaveValue(name);
  await expect(adminPage.getByTestId(`user-${email}`)).toBeVisible();
  await adminPage.goto("/admin/audit?from=2026-13-01");
  await expect(adminPage.getByRole("alert").filter({ hasText: "The filter is not valid" })).toContainText(
    "from is a date as YYYY-MM-DD",
  );
  await expect(adminPage.locator("#audit-from__error")).toHaveText("from is a date as YYYY-MM-DD");
  await Promise.all([
    admin.dispose(),
    anonymous.dispose(),
    adminContext.close(),
    page.context().close(),
    elsewhere.context().close(),
  ]);
});
