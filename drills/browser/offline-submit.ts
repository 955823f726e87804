// Submitting without a connection: the rating is queued and stored exactly
// once when the connection returns, however often `online` fires, whether the
// page was reloaded with the submit pending, or the server stored it and only
// its answer was lost.
import type { Page } from "playwright";
import { drillCase, type DrillCase } from "@/drills/support/drill";
import type { BrowserStack } from "./browser-stack";
import { openRatingPage, rateEveryDimension, sampleText, typeNotes, waitForServerNotes } from "./rating-page";

type Variant = "online twice" | "reload while pending" | "answer lost";

const SUBMIT_URL = "**/api/assignments/*/submit";

export async function offlineSubmitCases(stack: BrowserStack, options: { round: number }): Promise<DrillCase[]> {
  const cases: DrillCase[] = [];
  for (const variant of ["online twice", "reload while pending", "answer lost"] as Variant[])
    cases.push(await offlineSubmitCase(stack, variant, options.round));
  return cases;
}

async function offlineSubmitCase(stack: BrowserStack, variant: Variant, round: number): Promise<DrillCase> {
  const context = await stack.signedInContext(stack.users.rater);
  try {
    const { suite, assignmentId } = await stack.openAssignment(context, stack.users.rater);
    const page = await context.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    let requests = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/submit")) requests += 1;
    });
    await openRatingPage(page, assignmentId);
    await rateEveryDimension(page);
    const notes = sampleText(`submit${round}`, 30);
    await typeNotes(page, notes);
    await waitForServerNotes(context, assignmentId, notes);
    let submits = 0;
    const submit = async () => {
      submits += 1;
      await page.keyboard.press("Control+Enter");
    };
    let queued = false;
    let steps = "";
    if (variant === "answer lost") {
      // The server stores the rating; the browser never hears back.
      let served = 0;
      await page.route(SUBMIT_URL, async (route) => {
        served += 1;
        await route.fetch().catch(() => undefined);
        await route.abort("internetdisconnected");
      });
      await submit();
      queued = await page
        .getByTestId("submit-queued")
        .waitFor({ timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
      await page.unroute(SUBMIT_URL);
      await fireOnline(page, 2);
      steps = `first answer dropped after the server took it (${served} request), then \`online\` fired twice`;
    } else {
      await context.setOffline(true);
      await submit();
      queued = await page
        .getByTestId("submit-queued")
        .waitFor({ timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
      if (variant === "online twice") {
        await submit();
        await context.setOffline(false);
        await fireOnline(page, 2);
        steps = "submitted twice while offline, reconnected, then `online` fired twice more";
      } else {
        const reload = await page.reload({ timeout: 15_000 }).then(
          () => "loaded",
          () => "failed (offline)",
        );
        await context.setOffline(false);
        await page.goto(`/rate/${assignmentId}`);
        steps = `reloaded while offline (${reload}), then opened again once online`;
      }
    }
    const shown = await page
      .getByTestId("submitted")
      .waitFor({ timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    if (variant === "reload while pending") {
      // And once more after it was sent: nothing pending may go out again.
      await page.reload();
      await page
        .getByTestId("submitted")
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined);
    }
    await page.waitForTimeout(500);
    const records = await stack.recordsOf(suite.suiteKey);
    const intact = records.length > 0 && records.every((record) => record.notes === notes);
    return drillCase({
      name: `submit while offline: ${variant}`,
      tried: submits,
      refused: 0,
      lost: records.length === 0 || !intact ? 1 : 0,
      duplicated: Math.max(0, records.length - 1),
      ok: queued && shown,
      detail: `${steps}; the page said "queued": ${queued ? "yes" : "no"}, then "submitted": ${shown ? "yes" : "no"}; ${requests} submit requests sent; records stored for the assignment: ${records.length}${intact ? " with the typed notes" : ""}`,
    });
  } finally {
    await context.close();
  }
}

/** A flapping connection: the browser's `online` event, dispatched again. */
async function fireOnline(page: Page, times: number): Promise<void> {
  for (let index = 0; index < times; index += 1) await page.evaluate(() => window.dispatchEvent(new Event("online")));
}
