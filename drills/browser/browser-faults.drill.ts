// Drill 3, browser faults: Playwright drives Chromium against the built app on
// a fresh PostgreSQL — a connection lost mid-form, a submit made offline, a
// session that ends mid-form, and two tabs on one draft.
import type { Drill, DrillCase } from "@/drills/support/drill";
import { startBrowserStack } from "./browser-stack";
import { offlineSubmitCases } from "./offline-submit";
import { offlineTypingCases } from "./offline-typing";
import { sessionExpiryCase } from "./session-expiry";
import { twoTabsCase } from "./two-tabs";

export const browserFaultsDrill: Drill = {
  id: "browser-faults",
  title: "3. Browser faults",
  summary:
    "Chromium (Playwright) on the rating page of the built app with a real PostgreSQL. Offline mid-form: keep typing, reload; the draft is whole afterwards and the server copy catches up. " +
    "Decision: there is no service worker, so a reload while offline cannot load the page (the browser shows its own error; the page first asks before leaving with unsaved offline changes). " +
    "The typing lives in the browser's storage (flushed when the page is hidden) and the first load once online restores it and sends it to the server. " +
    "Submit while offline: queued, stored once (records per assignment counted in the database) however often `online` fires, after a reload with the submit pending, and when the server stored it but its answer was lost. " +
    "Session ended mid-form (its row deleted): 401s are counted, the page keeps the draft and links to sign in and back; the draft then reaches the server and submits. " +
    "Two tabs: a save from the tab that is behind is refused (409) and explained; the rater chooses to load the newer draft or keep theirs. Lost = characters or submissions missing afterwards (or a silent overwrite); duplicated = records stored more than once.",
  quick: true,
  everySetup: false,
  run: async ({ full, log }) => {
    const rounds = full ? 3 : 1;
    const characters = full ? 400 : 60;
    const stack = await startBrowserStack(log);
    const chromiumVersion = stack.browser.version();
    const cases: DrillCase[] = [];
    const started = Date.now();
    try {
      for (let round = 1; round <= rounds; round += 1) {
        cases.push(...(await offlineTypingCases(stack, { characters, round })));
        log(`round ${round}: offline typing done`);
        cases.push(...(await offlineSubmitCases(stack, { round })));
        log(`round ${round}: offline submit done`);
        cases.push(await sessionExpiryCase(stack, { characters, round }));
        log(`round ${round}: session expiry done`);
        cases.push(await twoTabsCase(stack, { round }));
        log(`round ${round}: two tabs done`);
      }
    } finally {
      await stack.close();
    }
    return {
      cases,
      figures: [
        `- ${rounds} round(s), ${characters} characters typed offline and after the session ended per round; Chromium ${chromiumVersion}; cases took ${((Date.now() - started) / 1000).toFixed(0)} s after start-up.`,
      ],
    };
  },
};
