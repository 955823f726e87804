// The route table names every route handler under app/api, and concrete
// paths map onto their template.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { routeContracts } from "@/lib/api-docs/route-contracts";
import { routeTemplateOf } from "@/lib/http/route-contract";
import { API_ROUTES, apiRouteOf, UNMATCHED_ROUTE } from "./api-routes";

async function routeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name === "route.ts")
    .map((entry) => `/${path.relative("app", entry.parentPath)}`.split(path.sep).join("/"))
    .sort();
}

// A route written with defineRoute names its own template (its contract's path);
// the table holds the others, and together they name every route file.
it("names every route handler under app/api: by its contract, or in the table", async () => {
  const defined = new Set(routeContracts().map((contract) => routeTemplateOf(contract.path)));
  expect(
    API_ROUTES.filter((route) => defined.has(route)),
    "routes with a contract stay out of the table",
  ).toEqual([]);
  expect([...API_ROUTES, ...defined].sort()).toEqual(await routeFiles("app/api"));
});

it.each([
  ["/api/openapi.json", "/api/openapi.json"],
  ["/api/suites/0b6c3d4e-1f20-4a5b-8c9d-0e1f2a3b4c5d/prefills", "/api/suites/[suiteId]/prefills"],
  ["/api/suites/s1/prefills", "/api/suites/[suiteId]/prefills"],
  ["/api/records/import", "/api/records/import"],
  ["/api/auth/sign-in/email", "/api/auth/[...all]"],
  ["/api/auth/get-session", "/api/auth/[...all]"],
  ["/api/records/import/", "/api/records/import"],
])("%s is served by %s", (pathname, template) => {
  expect(apiRouteOf(pathname)).toBe(template);
});

it.each(["/api/auth", "/api/records/a/b/c", "/api/nothing", "/queue"])("%s matches no route", (pathname) => {
  expect(apiRouteOf(pathname)).toBe(UNMATCHED_ROUTE);
});
