// Every page of the app (from the access matrix, so a new page is covered the
// day it is added), for every role that may open it, on a desktop (1440 px)
// and a phone (390 px): axe finds no serious or critical violation, keyboard
// focus stays visible on the first controls a Tab reaches, and on the phone
// no page scrolls sideways.
import { expect, request, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { rolesAllow, type Role } from "@/lib/auth/permissions";
import { ACCESS_MATRIX, type MatrixEntry, type MatrixIds } from "./support/access-matrix";
import { seriousViolations } from "./support/axe";
import { seedMatrixIds } from "./support/matrix-ids";
import { e2eUsers, storageStateOf } from "./support/users";

type Viewer = "anonymous" | "rater" | "sme" | "admin";
const VIEWERS: Viewer[] = ["anonymous", "rater", "sme", "admin"];
// The API reference (3,000 elements) has its own accessibility test.
const COVERED_ELSEWHERE = new Set(["app/api-docs/page.tsx"]);
const TABS = 12;
const WIDTHS = [1440, 390] as const;
const PHONE = 390;
// At 390 px the page is the same markup laid out by CSS (nothing is added for phones, only restacked or
// hidden), so names, labels and roles were checked at 1440 px; what the narrow layout can break is checked
// again: contrast where things overlap, tables scrolling in their own box reachable by keyboard, zoom.
// (Every axe rule on every page at both widths took a third of the browser tests' time.)
const PHONE_RULES = ["color-contrast", "scrollable-region-focusable", "meta-viewport"];

function mayOpen(entry: MatrixEntry, viewer: Viewer): boolean {
  // Pages name their access in the matrix (API routes take theirs from their contract).
  if (!entry.access) throw new Error(`${entry.file}: a page names its access`);
  if (entry.access === "public") return true;
  if (entry.access === "share_visitor" || entry.access === "metrics_token" || viewer === "anonymous") return false;
  return rolesAllow(e2eUsers()[viewer].roles as Role[], entry.access);
}

/** Tab through the page; each focused element must show an outline or a shadow. */
async function focusWithoutIndicator(page: Page): Promise<string[]> {
  const missing: string[] = [];
  await page.locator("body").focus();
  for (let step = 0; step < TABS; step += 1) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
      return {
        name: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 30)}"`,
        visible: outlined || style.boxShadow !== "none",
      };
    });
    if (focused === null) break;
    if (!focused.visible) missing.push(focused.name);
  }
  return missing;
}

let ids: MatrixIds;
let contexts: Record<Viewer, APIRequestContext>;

test.beforeAll(async ({ baseURL }) => {
  const make = (viewer: Viewer) =>
    request.newContext({
      baseURL,
      storageState: viewer === "anonymous" ? undefined : storageStateOf(viewer),
      maxRedirects: 0,
    });
  contexts = {
    anonymous: await make("anonymous"),
    rater: await make("rater"),
    sme: await make("sme"),
    admin: await make("admin"),
  };
  ids = await seedMatrixIds(contexts, baseURL!);
});

test.afterAll(async () => {
  await Promise.all(Object.values(contexts).map((context) => context.dispose()));
});

async function pageAs(
  browser: Browser,
  viewer: Viewer,
  width = 1440,
  colorScheme: "light" | "dark" = "light",
): Promise<Page> {
  const context = await browser.newContext({
    storageState: viewer === "anonymous" ? undefined : storageStateOf(viewer),
    viewport: { width, height: width === PHONE ? 844 : 900 },
    colorScheme,
  });
  return context.newPage();
}

/** How far the document is wider than the viewport, and the widest elements sticking out (to name the culprit). */
async function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.split(" ")[0]}` : ""}`,
      );
    return `scrollWidth ${document.documentElement.scrollWidth} > ${width} (${culprits.join(", ")})`;
  });
}

for (const viewer of VIEWERS) {
  for (const width of WIDTHS) {
    test(`every page ${viewer === "anonymous" ? "anyone" : `a ${viewer}`} may open passes axe and keeps focus visible at ${width} px${width === PHONE ? ", without scrolling sideways" : ""}`, async ({
      browser,
    }) => {
      const pages = ACCESS_MATRIX.filter(
        (entry) => entry.method === "PAGE" && !COVERED_ELSEWHERE.has(entry.file) && mayOpen(entry, viewer),
      );
      expect(pages.length).toBeGreaterThan(viewer === "anonymous" ? 1 : 4);
      // Each page loads and runs axe (a report page with its charts takes several seconds on 2 cores): the time
      // grows with the page count, which grew past one fixed 180 s budget for the admin's pages.
      test.setTimeout(20_000 * pages.length);
      const page = await pageAs(browser, viewer, width);
      const problems: string[] = [];
      for (const entry of pages) {
        const url = entry.path(ids, viewer);
        const response = await page.goto(url);
        // A public page for a token that does not exist (an invitation) is its own 404 page, checked like the rest.
        const status = response?.status() ?? 0;
        expect(status < 400 || (entry.access === "public" && status === 404), `${url} answered ${status}`).toBe(true);
        for (const violation of await seriousViolations(page, width === PHONE ? { rules: PHONE_RULES } : {}))
          problems.push(`${url}: ${violation.id} (${violation.impact}) at ${violation.targets.slice(0, 3).join(", ")}`);
        for (const element of await focusWithoutIndicator(page))
          problems.push(`${url}: focus not visible on ${element}`);
        const overflow = width === PHONE ? await sidewaysOverflow(page) : null;
        if (overflow) problems.push(`${url}: ${overflow}`);
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
}

// The dark theme changes colours only (app/globals.css), so it is checked for what colours can break —
// contrast — on pages that between them show every themed surface: the form and its controls, the item
// viewer's roles and code, a record's tables, the judge's marks on an SME review, and an admin's meters,
// chips and tables. The full sweep above stays in the light theme (its time is the suite's budget).
const DARK_PAGES: { viewer: Viewer; file: string }[] = [
  { viewer: "anonymous", file: "app/sign-in/page.tsx" },
  { viewer: "rater", file: "app/rate/[assignmentId]/page.tsx" },
  { viewer: "rater", file: "app/records/[evalId]/page.tsx" },
  { viewer: "sme", file: "app/review/[judgeEvalId]/page.tsx" },
  { viewer: "admin", file: "app/admin/suites/[suiteId]/page.tsx" },
];

for (const width of WIDTHS) {
  test(`key pages in the dark theme (prefers-color-scheme: dark) keep their contrast at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(20_000 * DARK_PAGES.length);
    const problems: string[] = [];
    for (const { viewer, file } of DARK_PAGES) {
      const entry = ACCESS_MATRIX.find((candidate) => candidate.method === "PAGE" && candidate.file === file);
      expect(entry, file).toBeDefined();
      const page = await pageAs(browser, viewer, width, "dark");
      const url = entry!.path(ids, viewer);
      expect((await page.goto(url))?.status(), url).toBeLessThan(400);
      // The theme is on: a dark page background (a light one would pass contrast without testing the theme).
      const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      const [red, green, blue] = (background.match(/\d+/g) ?? []).map(Number);
      expect((red! + green! + blue!) / 3, `${url} background ${background}`).toBeLessThan(60);
      for (const violation of await seriousViolations(page, { rules: ["color-contrast"] }))
        problems.push(`${url}: ${violation.id} (${violation.impact}) at ${violation.targets.slice(0, 3).join(", ")}`);
      const overflow = width === PHONE ? await sidewaysOverflow(page) : null;
      if (overflow) problems.push(`${url}: ${overflow}`);
      // For looking at the theme (not compared with anything): EVALFORM_DARK_SCREENSHOTS=<folder>.
      const screenshots = process.env.EVALFORM_DARK_SCREENSHOTS;
      if (screenshots)
        await page.screenshot({ path: `${screenshots}/dark-${width}-${file.replace(/[^a-z]+/g, "-")}.png` });
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
}

test("the checks catch what they look for: a hidden focus ring and an image without text", async ({ browser }) => {
  const page = await pageAs(browser, "anonymous");
  await page.goto("/sign-in");
  expect(await focusWithoutIndicator(page)).toEqual([]);
  await page.addStyleTag({
    content: "*:focus, *:focus-visible { outline: none !important; box-shadow: none !important; }",
  });
  expect((await focusWithoutIndicator(page)).length).toBeGreaterThan(0);
  await page.evaluate(() =>
    document.querySelector("main")?.append(Object.assign(document.createElement("img"), { src: "/icon.svg" })),
  );
  expect((await seriousViolations(page)).map((violation) => violation.id)).toContain("image-alt");
  await page.context().close();
});
