// The rating page as browser tests drive it: open the next item from the
// queue, rate every dimension from the keyboard.
import { UNIVERSAL_DIMENSIONS } from "./contract-facts";
import { expect, type Page } from "@playwright/test";

const DIMENSIONS = [...UNIVERSAL_DIMENSIONS];

export async function startRating(page: Page, suiteKey: string): Promise<void> {
  await page.goto("/queue");
  const start = page
    .getByTestId(`queue-suite-${suiteKey}`)
    .getByRole("button", { name: /Start rating|Rate the next item/ });
  await start.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/rate\//);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
}

/** `]` to the first dimension, then per dimension `h` (High confidence) and a digit for the score, which moves on. */
export async function rateEveryDimensionByKeyboard(page: Page, score: number): Promise<void> {
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  await page.keyboard.press("]");
  for (let index = 0; index < DIMENSIONS.length; index += 1) {
    await page.keyboard.press("h");
    await page.keyboard.press(String(score));
  }
  for (const dimension of DIMENSIONS) {
    await expect(page.locator(`#root_universal_${dimension}_score-${score}`)).toBeChecked();
    await expect(
      page.locator(`fieldset#root_universal_${dimension}`).getByRole("radio", { name: "High" }),
    ).toBeChecked();
  }
}
