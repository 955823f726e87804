// A session that ends mid-form (its row deleted, as an expiry or an admin
// does): saves and the submit are refused with 401, the page keeps the draft
// and says to sign in again with a link back; after signing in the draft is
// whole, reaches the server, and submits once.
import { drillCase, type DrillCase } from "@/drills/support/drill";
import type { BrowserStack } from "./browser-stack";
import {
  lostCharacters,
  NOTES,
  notesOnPage,
  openRatingPage,
  rateEveryDimension,
  sampleText,
  typeNotes,
  waitForServerNotes,
} from "./rating-page";

export async function sessionExpiryCase(
  stack: BrowserStack,
  options: { characters: number; round: number },
): Promise<DrillCase> {
  const user = stack.users.otherRater;
  const context = await stack.signedInContext(user);
  try {
    const { suite, assignmentId } = await stack.openAssignment(context, user);
    const page = await context.newPage();
    let refused = 0;
    page.on("response", (response) => {
      if (response.status() === 401 && response.url().includes("/api/assignments/")) refused += 1;
    });
    await openRatingPage(page, assignmentId);
    await rateEveryDimension(page);
    const before = sampleText(`session${options.round}`, 24);
    await typeNotes(page, before);
    await waitForServerNotes(context, assignmentId, before);

    const revoked = await stack.revokeSessions(user.userId);
    const after = ` ${sampleText(`expired${options.round}`, options.characters - 1)}`;
    await typeNotes(page, after);
    await page.locator(NOTES).blur();
    const told = await page
      .getByTestId("signed-out")
      .waitFor({ timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    await page.keyboard.press("Control+Enter");
    await page.waitForTimeout(1_000);
    const link = page.getByTestId("signed-out").getByRole("link", { name: /sign in/i });
    const href = told ? await link.getAttribute("href").catch(() => null) : null;
    const linkBack =
      href === `/sign-in?next=${encodeURIComponent(`/rate/${assignmentId}`)}` ||
      href === `/sign-in?next=/rate/${assignmentId}`;
    const submittedWhileOut = await page.getByTestId("submitted").isVisible();

    if (linkBack) await link.click();
    else await page.goto(`/sign-in?next=${encodeURIComponent(`/rate/${assignmentId}`)}`);
    await page.locator("#email").fill(user.email);
    await page.locator("#password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`**/rate/${assignmentId}`, { timeout: 20_000 });
    await page.locator(".aif-form[data-hydrated=true]").waitFor();
    const expected = before + after;
    const onPage = await notesOnPage(page);
    const server = await waitForServerNotes(context, assignmentId, expected);
    await page.keyboard.press("Control+Enter");
    const submitted = await page
      .getByTestId("submitted")
      .waitFor({ timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    const records = await stack.recordsOf(suite.suiteKey);
    const lost = Math.max(
      lostCharacters(expected, onPage),
      lostCharacters(expected, server.notes),
      records.length === 0 ? expected.length : lostCharacters(expected, records[0]!.notes),
    );
    return drillCase({
      name: "session ended mid-form, signed in again",
      tried: after.length + 1,
      refused,
      lost,
      duplicated: Math.max(0, records.length - 1),
      ok: revoked > 0 && told && linkBack && !submittedWhileOut && submitted,
      detail:
        `${revoked} session row(s) deleted, then ${after.length} characters typed and a submit tried: ${refused} requests answered 401; ` +
        `the page ${told ? "said to sign in again" : "did NOT say to sign in again"}${linkBack ? " with a link back to the item" : href ? ` (link ${href})` : " (no link back)"}; ` +
        `after signing in it showed ${onPage.length}/${expected.length} characters, the server draft ${server.notes === expected ? `caught up in ${(server.ms / 1000).toFixed(1)} s` : `held ${server.notes?.length ?? 0}`}, ` +
        `submit ${submitted ? "succeeded" : "FAILED"}; records stored: ${records.length}`,
    });
  } finally {
    await context.close();
  }
}
