// The rating page as the browser drill drives it: open, type into the notes,
// rate every dimension from the keyboard, and read what the server holds.
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import type { BrowserContext, Page } from "playwright";

const DIMENSIONS = UNIVERSAL_DIMENSIONS;
export const NOTES = "#root_freeform_notes";

export async function openRatingPage(page: Page, assignmentId: string): Promise<void> {
  await page.goto(`/rate/${assignmentId}`);
  await page.locator(".aif-form[data-hydrated=true]").waitFor({ timeout: 30_000 });
}

/** Score 5 with high confidence on every dimension, so no rationale is required and the form can be submitted. */
export async function rateEveryDimension(page: Page): Promise<void> {
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  await page.keyboard.press("]");
  // `h` sets the focused dimension's confidence, a digit its score and moves on.
  for (let index = 0; index < DIMENSIONS.length; index += 1) {
    await page.keyboard.press("h");
    await page.keyboard.press("5");
  }
}

/** Types at the end of the notes key by key (Ctrl+End: End alone stops at the end of a wrapped line), without leaving the field. */
export async function typeNotes(page: Page, text: string): Promise<void> {
  await page.locator(NOTES).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text, { delay: 5 });
}

export async function notesOnPage(page: Page): Promise<string> {
  return page.locator(NOTES).inputValue();
}

export async function serverNotes(
  context: BrowserContext,
  assignmentId: string,
): Promise<{ status: number; notes: string | null; version: number | null }> {
  const response = await context.request.get(`/api/assignments/${assignmentId}`);
  if (!response.ok()) return { status: response.status(), notes: null, version: null };
  const body = (await response.json()) as { draft: { freeform?: { notes?: string } } | null; draft_version: number };
  return { status: response.status(), notes: body.draft?.freeform?.notes ?? null, version: body.draft_version };
}

/** Polls the server's draft until its notes are `expected`; answers what it last held and how long it took. */
export async function waitForServerNotes(
  context: BrowserContext,
  assignmentId: string,
  expected: string,
  timeoutMs = 20_000,
): Promise<{ notes: string | null; ms: number }> {
  const started = Date.now();
  let last: string | null = null;
  while (Date.now() - started < timeoutMs) {
    last = (await serverNotes(context, assignmentId)).notes;
    if (last === expected) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { notes: last, ms: Date.now() - started };
}

/** Characters of `expected` missing from `actual`, in order (length minus the longest common subsequence). */
export function lostCharacters(expected: string, actual: string | null): number {
  const have = actual ?? "";
  if (have === expected) return 0;
  let previous = new Array<number>(have.length + 1).fill(0);
  for (const char of expected) {
    const row = new Array<number>(have.length + 1).fill(0);
    for (let j = 1; j <= have.length; j += 1)
      row[j] = char === have[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  return expected.length - previous[have.length]!;
}

/** Text that differs from run to run, so a stale copy can never pass for the new one. */
export function sampleText(label: string, length: number): string {
  const words = ["rater", "draft", "offline", "answer", "clear", "missing", "source", "tone"];
  let text = `${label}:`;
  for (let index = 0; text.length < length; index += 1)
    text += ` ${words[(index * 7 + label.length) % words.length]}${index}`;
  return text.slice(0, length);
}
