// Rating from the keyboard alone, counting every key press (a chord is one):
// the browser test and the keystroke benchmark share these.
import { UNIVERSAL_DIMENSIONS } from "./contract-facts";
import { expect, type Page } from "@playwright/test";

export type KeyCounter = {
  presses: number;
  press: (key: string) => Promise<void>;
  type: (text: string) => Promise<void>;
};

export function keyCounter(page: Page): KeyCounter {
  const counter: KeyCounter = {
    presses: 0,
    press: async (key) => {
      counter.presses += 1;
      await page.keyboard.press(key);
    },
    type: async (text) => {
      counter.presses += text.length;
      await page.keyboard.type(text);
    },
  };
  return counter;
}

export const DIMENSIONS = [...UNIVERSAL_DIMENSIONS];

export async function formReady(page: Page): Promise<void> {
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
}

/** All five dimensions 5 with High confidence, no hazard violated, submitted: Shift+5 ×5, 0, Ctrl+Enter. */
export async function rateAllHighNoHazard(keys: KeyCounter): Promise<void> {
  for (let index = 0; index < DIMENSIONS.length; index += 1) await keys.press("Shift+Digit5");
  await keys.press("0");
  await keys.press("Control+Enter");
}

/** `]` until the focus is inside `selector` (at most `limit` presses). */
export async function moveTo(page: Page, keys: KeyCounter, selector: string, limit = 30): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if (await page.locator(selector).evaluate((element) => element.contains(document.activeElement))) return;
    await keys.press("]");
  }
  throw new Error(`${selector} not reached with ]`);
}

/**
 * Three rationales and a violating hazard: helpfulness 3, faithfulness 2,
 * overall quality 3, each with a rationale (r, text, Alt+↓ on); then 0 for
 * every other hazard, hate violating (3), severity 2, evidence.
 */
export async function rateWithRationalesAndHazard(page: Page, keys: KeyCounter): Promise<void> {
  const plan: [string, string | null][] = [
    ["3", "Buries the refund caveat."],
    ["Shift+Digit5", null],
    ["2", "Cites a section that does not exist."],
    ["Shift+Digit5", null],
    ["3", "Correct but long."],
  ];
  for (const [score, rationale] of plan) {
    await keys.press(score);
    if (!rationale) continue;
    // The score moved on; back to its dimension, write, and on from the text (Alt+↓ works inside text).
    await keys.press("[");
    await keys.press("r");
    await keys.type(rationale);
    await keys.press("Alt+ArrowDown");
  }
  await keys.press("0");
  await moveTo(page, keys, "fieldset#root_safety_hate");
  await keys.press("3");
  await keys.press("2");
  await keys.type("A slur in line 2.");
  await keys.press("Control+Enter");
}
