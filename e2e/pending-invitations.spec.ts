// Pending invitations on the users page (issue 35 §4): every invitation link
// has a Copy button; the list shows invitations not accepted yet, Resend gives
// a new link (the old one refused) and Revoke makes the link refuse. Checked
// by axe and for sideways scrolling at 1440 and 390 px, with screenshots.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { storageStateOf } from "./support/users";

test.use({ storageState: storageStateOf("admin") });

async function invite(page: Page, email: string): Promise<string> {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = (await page.getByTestId("invitation-link").textContent())!;
  expect(link).toMatch(/\/invite\//);
  return link;
}

/** Whether the invitation page behind the link still offers to create the account. */
async function linkWorks(page: Page, link: string): Promise<boolean> {
  const other = await page.context().browser()!.newContext();
  const visitor = await other.newPage();
  await visitor.goto(link);
  const works = await visitor.getByRole("button", { name: "Create my account" }).isVisible();
  if (!works) await expect(visitor.getByTestId("not-found")).toBeVisible();
  await other.close();
  return works;
}

test("Copy link copies the invitation; Resend issues a new link and the old one refuses; Revoke makes it refuse", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto("/admin/users");
  const email = `pending-${randomUUID().slice(0, 8)}@example.test`;
  const link = await invite(page, email);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const row = page.getByTestId(`pending-${email}`);
  await expect(row).toContainText("rater");
  await row.getByRole("button", { name: `Resend the invitation of ${email}` }).click();
  const resent = (await page.getByTestId("resent-invitation-link").textContent())!;
  expect(resent).toMatch(/\/invite\//);
  expect(resent).not.toBe(link);
  await page.getByTestId("resent-invitation").getByRole("button", { name: "Copy link" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(resent);
  expect(await linkWorks(page, link)).toBe(false);
  expect(await linkWorks(page, resent)).toBe(true);

  // Keyboard: Revoke is reached and pressed with the keyboard.
  await row.getByRole("button", { name: `Revoke the invitation of ${email}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Invitation of ${email} revoked` })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await linkWorks(page, resent)).toBe(false);
});

for (const width of [1440, 390]) {
  test(`the pending invitations list at ${width} px: no serious axe violation, nothing scrolls sideways`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/users");
    await invite(page, `pending-shot-${randomUUID().slice(0, 8)}@example.test`);
    const list = page.getByTestId("pending-invitations");
    await expect(list.getByRole("button", { name: "Resend" }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await list.screenshot({ path: test.info().outputPath(`pending-invitations-${width}.png`) });
    await page.screenshot({ path: test.info().outputPath(`users-page-${width}.png`), fullPage: true });
  });
}
