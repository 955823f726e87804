// Offline mid-form: type, lose the connection, keep typing, reload. Without a
// service worker a reload while offline cannot load the page (the browser shows
// its own error); the draft must still be whole when the page loads again once
// online, and the server's copy must catch up without the rater typing more.
import { drillCase, type DrillCase } from "@/drills/support/drill";
import type { BrowserStack } from "./browser-stack";
import { lostCharacters, notesOnPage, openRatingPage, sampleText, typeNotes, waitForServerNotes } from "./rating-page";

export async function offlineTypingCases(
  stack: BrowserStack,
  options: { characters: number; round: number },
): Promise<DrillCase[]> {
  const context = await stack.signedInContext(stack.users.rater);
  try {
    const { assignmentId } = await stack.openAssignment(context, stack.users.rater);
    const page = await context.newPage();
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.accept();
    });
    await openRatingPage(page, assignmentId);
    const online = sampleText(`online${options.round}`, 24);
    await typeNotes(page, online);
    await waitForServerNotes(context, assignmentId, online);

    await context.setOffline(true);
    const offline = ` ${sampleText(`offline${options.round}`, options.characters - 1)}`;
    await typeNotes(page, offline);
    // Reloaded at once: the last characters are still in the text box's buffer.
    const offlineReload = await page.reload({ timeout: 15_000 }).then(
      () => "the page loaded",
      (error: Error) =>
        `the reload failed as expected (${error.message.match(/net::\w+/)?.[0] ?? error.message.split("\n")[0]})`,
    );
    await context.setOffline(false);
    await openRatingPage(page, assignmentId);
    const expected = online + offline;
    const onPage = await notesOnPage(page);
    const server = await waitForServerNotes(context, assignmentId, expected);
    const lostOffline = Math.max(lostCharacters(expected, onPage), lostCharacters(expected, server.notes));
    const offlineCase = drillCase({
      name: "typed offline, reloaded offline, then again online",
      tried: offline.length,
      refused: 0,
      lost: lostOffline,
      duplicated: 0,
      detail:
        `${offline.length} characters typed offline after ${online.length} saved online; reload while offline: ${offlineReload}${dialogs > 0 ? ` after ${dialogs} leave-page warning` : ""}; ` +
        `after reconnecting the page showed ${onPage.length}/${expected.length} characters (${lostCharacters(expected, onPage)} lost) and the server draft ` +
        (server.notes === expected
          ? `caught up in ${(server.ms / 1000).toFixed(1)} s without further typing`
          : `still held ${server.notes?.length ?? 0} characters after ${(server.ms / 1000).toFixed(0)} s (${lostCharacters(expected, server.notes)} missing)`),
    });

    // Online, a reload right after the last key: nothing may hang on the typing pause.
    const burst = ` ${sampleText(`burst${options.round}`, 40)}`;
    await typeNotes(page, burst);
    await page.reload();
    await page.locator(".aif-form[data-hydrated=true]").waitFor();
    const expectedAfterBurst = expected + burst;
    const afterBurst = await notesOnPage(page);
    const serverAfterBurst = await waitForServerNotes(context, assignmentId, expectedAfterBurst);
    const burstCase = drillCase({
      name: "typed and reloaded at once (online)",
      tried: burst.length,
      refused: 0,
      lost: Math.max(
        lostCharacters(expectedAfterBurst, afterBurst),
        lostCharacters(expectedAfterBurst, serverAfterBurst.notes),
      ),
      duplicated: 0,
      detail: `reload right after the last of ${burst.length} keys: the page showed ${lostCharacters(expectedAfterBurst, afterBurst)} characters fewer, the server draft ${lostCharacters(expectedAfterBurst, serverAfterBurst.notes)} fewer`,
    });
    return [offlineCase, burstCase];
  } finally {
    await context.close();
  }
}
