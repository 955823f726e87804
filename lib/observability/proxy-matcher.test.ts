// Which paths the proxy (request ids) runs for. Uploads must not: Next.js would
// copy their body for the proxy and give the route only its first 10 MiB.
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

// The matcher is a path-to-regexp source whose one group is a plain regular expression.
const runsFor = (pathname: string) => config.matcher.some((source) => new RegExp(`^${source}$`).test(pathname));

describe("proxy matcher", () => {
  it("runs for pages and API routes", () => {
    for (const pathname of ["/", "/admin/imports", "/api/records", "/api/imports", "/api/imports/3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a", "/api/records/validate", "/api/suites/x/report"]) {
      expect(runsFor(pathname), pathname).toBe(true);
    }
  });

  it("skips static files and the streamed uploads (item file, record import, prefills)", () => {
    for (const pathname of ["/_next/static/chunk.js", "/favicon.ico", "/api/imports/3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a/file", "/api/records/import", "/api/suites/3d2c1b0a/prefills"]) {
      expect(runsFor(pathname), pathname).toBe(false);
    }
  });
});
