// Following the `?` dialog literally: its rows as the page shows them, and a
// key sender that names the row each key follows (a row the dialog does not
// list fails the test).
import { expect, type CDPSession, type Page } from "@playwright/test";

export type ShortcutRow = { keys: string; description: string };

/** The `?` dialog's rows: opened with `?` and closed with `?`. */
export async function readShortcutsDialog(page: Page): Promise<ShortcutRow[]> {
  await page.keyboard.press("?");
  const dialog = page.getByTestId("shortcuts-dialog");
  await expect(dialog).toBeVisible();
  const rows = await dialog.locator("tr").evaluateAll((trs) =>
    trs.map((tr) => ({
      keys: tr.querySelector("th")?.textContent?.trim() ?? "",
      description: tr.querySelector("td")?.textContent?.trim() ?? "",
    })),
  );
  await page.keyboard.press("?");
  await expect(dialog).toBeHidden();
  return rows;
}

/** Keys sent as fast as the browser takes them, each naming the dialog row it follows; counted. */
export function dialogFollower(page: Page, rows: ShortcutRow[]) {
  const used = new Set<string>();
  let presses = 0;
  return {
    press: async (keys: string, ...sent: string[]) => {
      if (!rows.some((row) => row.keys === keys))
        throw new Error(`the ? dialog lists no "${keys}" (it lists: ${rows.map((row) => row.keys).join(" | ")})`);
      used.add(keys);
      for (const key of sent) {
        presses += 1;
        await page.keyboard.press(key);
      }
    },
    used: () => [...used],
    presses: () => presses,
  };
}

export async function slowCpu(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return cdp;
}
