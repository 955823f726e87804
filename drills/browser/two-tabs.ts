// Two tabs on one draft: a save from the tab that is behind is refused by the
// version check (409) and that tab says so; the server keeps the newer draft
// until the rater chooses, in the refused tab, to load it or to keep their own.
// Both choices are tried, one in each tab, and the rating is then submitted.
import type { Page } from "playwright";
import { drillCase, type DrillCase } from "@/drills/support/drill";
import type { BrowserStack } from "./browser-stack";
import {
  lostCharacters,
  notesOnPage,
  openRatingPage,
  rateEveryDimension,
  sampleText,
  typeNotes,
  waitForServerNotes,
} from "./rating-page";

export async function twoTabsCase(stack: BrowserStack, options: { round: number }): Promise<DrillCase> {
  const user = stack.users.rater;
  const context = await stack.signedInContext(user);
  try {
    const { suite, assignmentId } = await stack.openAssignment(context, user);
    let refused = 0;
    context.on("response", (response) => {
      if (response.status() === 409 && response.url().endsWith("/draft")) refused += 1;
    });
    const tabA = await context.newPage();
    const tabB = await context.newPage();
    const problems: string[] = [];
    let silentOverwrites = 0;
    const expectServer = async (text: string, when: string) => {
      const held = await waitForServerNotes(context, assignmentId, text, 5_000);
      if (held.notes !== text) {
        silentOverwrites += 1;
        problems.push(`${when}: the server held "${held.notes?.slice(-30)}"`);
      }
    };

    // The rater works in tab A, then opens the same item in tab B and goes on there.
    await openRatingPage(tabA, assignmentId);
    await rateEveryDimension(tabA);
    const fromA = sampleText(`tabA${options.round}`, 24);
    await typeNotes(tabA, fromA);
    await waitForServerNotes(context, assignmentId, fromA);
    await openRatingPage(tabB, assignmentId);
    const textB = `${fromA} ${sampleText(`tabB${options.round}`, 24)}`;
    await typeNotes(tabB, textB.slice(fromA.length));
    await expectServer(textB, "after B's save");

    // Back in A, which is behind: its save is refused, and A says so.
    const textA = `${fromA} more from A`;
    await typeNotes(tabA, textA.slice(fromA.length));
    const aTold = await conflictShown(tabA);
    if (!aTold) problems.push("tab A was not told of the conflict");
    await expectServer(textB, "after A's refused save");
    // A keeps its own version: an explicit choice, so now it replaces B's.
    const aKept = await choose(tabA, /keep my changes/i);
    if (!aKept) problems.push('tab A had no "keep my changes" choice');
    await expectServer(textA, "after A chose to keep its version");

    // B, now behind, is refused in turn and loads the newer draft.
    await typeNotes(tabB, " more from B");
    const bTold = await conflictShown(tabB);
    if (!bTold) problems.push("tab B was not told of the conflict");
    await expectServer(textA, "after B's refused save");
    const bLoaded = await choose(tabB, /load the newer draft/i);
    if (!bLoaded) problems.push('tab B had no "load the newer draft" choice');
    else await tabB.locator(".aif-form[data-hydrated=true]").waitFor();
    const bShows = await notesOnPage(tabB);
    if (bShows !== textA) problems.push(`tab B showed "${bShows.slice(-30)}" after loading the newer draft`);

    const last = ` ${sampleText(`final${options.round}`, 20)}`;
    await typeNotes(tabB, last);
    const expected = textA + last;
    await expectServer(expected, "after B typed on the loaded draft");
    await tabB.keyboard.press("Control+Enter");
    const submitted = await tabB
      .getByTestId("submitted")
      .waitFor({ timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    const records = await stack.recordsOf(suite.suiteKey);
    return drillCase({
      name: "two tabs on one draft",
      tried: 2,
      refused,
      lost: silentOverwrites + (records.length === 0 ? expected.length : lostCharacters(expected, records[0]!.notes)),
      duplicated: Math.max(0, records.length - 1),
      ok: aTold && bTold && aKept && bLoaded && submitted && problems.length === 0,
      detail:
        `two saves made from a tab that was behind: ${refused} refused with 409; A ${aTold ? "showed" : "did NOT show"} the conflict and kept its version by choice, B ${bTold ? "showed" : "did NOT show"} it and loaded the newer draft; ` +
        `silent overwrites: ${silentOverwrites}; submit from B ${submitted ? "stored" : "FAILED"}, records: ${records.length}` +
        (problems.length ? `; problems: ${problems.join("; ")}` : ""),
    });
  } finally {
    await context.close();
  }
}

async function conflictShown(page: Page): Promise<boolean> {
  const status = page.locator('[data-testid=save-status][data-state="conflict"]');
  if (
    !(await status.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    ))
  )
    return false;
  return /another tab/i.test((await status.textContent()) ?? "");
}

/** Clicks the conflict notice's button named `name`; false when the page offers no such choice. */
async function choose(page: Page, name: RegExp): Promise<boolean> {
  const button = page.getByRole("button", { name });
  if (!(await button.isVisible())) return false;
  await button.click();
  return true;
}
