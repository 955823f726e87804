// Every Eval Ever text-to-image records as the rater sees them: the medium of
// output.media[] stands where output.raw had `<image:0>`; an inline data:
// image is shown in the transcript, a file:// one is named, with the notice
// above the item (never a bare placeholder). The items are the ones the EEE
// reader makes of lib/imports/fixtures/eee-text-to-image-media.jsonl lines 1
// and 2 (lib/imports/eee-fixtures.test.ts holds the reader to exactly these
// segments); they are seeded as native items because the reader's JSON schema
// import does not load under Playwright's ESM loader.
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { startRating } from "./support/rating-page";
import { seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const LINES: Record<number, { prompt: string; images: { url: string; mime_type?: string }[] }> = {
  1: {
    prompt: "a photo of a red car and a blue motorcycle",
    images: [{ url: "file://./images/geneval_0001_0.png" }, { url: "file://./images/geneval_0001_1.png" }],
  },
  2: { prompt: "a photo of a single green apple", images: [{ url: PNG, mime_type: "image/png" }] },
};

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("otherRater") });

/** The item the EEE reader makes of the fixture's line, under a task id of its own. */
function itemOfLine(line: number): Record<string, unknown> {
  const { prompt, images } = LINES[line]!;
  const taskId = `eee-media-${Math.random().toString(36).slice(2, 10)}`;
  return {
    task: { task_id: taskId, suite_id: "geneval_overall", modality: "multimodal", prompt },
    subject: {
      system_under_test: "stabilityai/stable-diffusion-xl-base-1.0",
      model: "stabilityai/stable-diffusion-xl-base-1.0",
      modality_tags: ["multimodal", "vision"],
    },
    transcript: {
      messages: [
        { role: "user", content: [{ type: "text", text: prompt }] },
        { role: "assistant", content: images.map((image) => ({ type: "image", ...image })) },
      ],
    },
  };
}

async function openItem(page: Page, baseURL: string, line: number) {
  const suite = await seedSuite(admin, baseURL, {
    raterIds: [e2eUsers().otherRater.userId],
    items: [itemOfLine(line)],
  });
  await startRating(page, suite.suiteKey);
  return page.getByRole("region", { name: "Item to rate" });
}

test("an inline data: image from output.media is shown in the transcript", async ({ page, baseURL }) => {
  const viewer = await openItem(page, baseURL!, 2);
  const image = viewer.locator('img[src^="data:image/png"]');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", /^data:image\/png;base64,/);
  // Loaded, not blocked (the page's Content-Security-Policy allows data: images).
  expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);
  await expect(viewer.getByRole("note")).toHaveCount(0);
  await expect(viewer).not.toContainText("<image:0>");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`eee-data-image-${width}.png`), fullPage: true });
  }
});

test("file:// images are named with the notice above the item, not left as <image:0>", async ({ page, baseURL }) => {
  const viewer = await openItem(page, baseURL!, 1);
  await expect(viewer.getByRole("note")).toContainText("This item had 2 images that cannot be shown.");
  await expect(
    viewer.getByText("image not shown (unsupported link): file://./images/geneval_0001_0.png"),
  ).toBeVisible();
  await expect(
    viewer.getByText("image not shown (unsupported link): file://./images/geneval_0001_1.png"),
  ).toBeVisible();
  await expect(viewer.locator("img")).toHaveCount(0);
  await expect(viewer).not.toContainText("<image:0>");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`eee-file-image-${width}.png`), fullPage: true });
  }
});
