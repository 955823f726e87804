// Every page with an id in its path, given an unknown id and a malformed one,
// as every role: the app's own 404 (or the sign-in page, or 403 where the role
// may not open the page at all), never a 500; the page keeps the navigation and
// a way on, and axe finds no serious violation on it.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { rolesAllow, type Role } from "@/lib/auth/permissions";
import { ACCESS_MATRIX } from "./support/access-matrix";
import { seriousViolations } from "./support/axe";
import { e2eUsers, storageStateOf } from "./support/users";

const ROLES = ["rater", "sme", "admin"] as const;
const BOGUS = { unknown: randomUUID(), malformed: "not-an-id%20'%22" };
// Pages whose path has ids, each id replaced by a bogus one.
const PAGES = ACCESS_MATRIX.filter((entry) => entry.method === "PAGE" && entry.file.includes("[")).map((entry) => ({
  ...entry,
  template: `/${entry.file.replace(/^app\//, "").replace(/\/page\.tsx$/, "")}`,
}));

// Every page with an id × four callers, axe on some: the time grows with each page added (30 s a page is ample on a busy machine).
test.describe.configure({ timeout: Math.max(60_000, PAGES.length * 30_000) });

for (const [kind, id] of Object.entries(BOGUS)) {
  test(`every page with an ${kind} id answers 404 (or 403 / sign-in), never 500, with the app's own page`, async ({
    browser,
  }) => {
    const problems: string[] = [];
    for (const role of ["anonymous", ...ROLES] as const) {
      const context = await browser.newContext(role === "anonymous" ? {} : { storageState: storageStateOf(role) });
      const page = await context.newPage();
      for (const entry of PAGES) {
        const path = entry.template.replace(/\[[^\]]+\]/g, id);
        const response = await page.goto(path);
        const status = response?.status() ?? 0;
        const roles = role === "anonymous" ? [] : (e2eUsers()[role].roles as Role[]);
        const mayOpen =
          entry.access === "public" ||
          entry.access === "share_visitor" ||
          rolesAllow(roles, entry.access as Parameters<typeof rolesAllow>[1]);
        const expected =
          role === "anonymous" && entry.access !== "public" && entry.access !== "share_visitor"
            ? "sign-in"
            : mayOpen
              ? 404
              : 403;
        const landed =
          expected === "sign-in" ? (new URL(page.url()).pathname === "/sign-in" ? "sign-in" : status) : status;
        if (landed !== expected) {
          problems.push(`${role} ${path}: expected ${expected}, got ${status} at ${new URL(page.url()).pathname}`);
          continue;
        }
        if (expected === "sign-in") continue;
        await expect(page.getByTestId(expected === 404 ? "not-found" : "forbidden")).toBeVisible();
        // Public pages of visitors have no app navigation; every other page keeps it.
        if (role !== "anonymous" && !entry.template.startsWith("/share") && !entry.template.startsWith("/invite"))
          await expect(page.locator("header.site-header")).toBeVisible();
        // axe once per page and outcome (as the admin, and as a rater where the page is refused).
        if (role === "admin" || (role === "rater" && expected === 403)) {
          const violations = await seriousViolations(page);
          if (violations.length > 0) problems.push(`${role} ${path}: axe ${JSON.stringify(violations)}`);
        }
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
}
