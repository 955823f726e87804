// Which requests the proxy (proxy.ts) sees: pages, never API routes (uploads
// among them, whose bodies it would cut at 10 MB).
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

const matches = (path: string) => unstable_doesMiddlewareMatch({ config, url: `http://app.test${path}` });

describe("the proxy's matcher", () => {
  it("covers pages", () => {
    for (const path of ["/", "/records", "/rate/abc", "/admin/imports", "/api-docs", "/sign-in"]) {
      expect(matches(path), path).toBe(true);
    }
  });

  it("leaves API routes alone, uploads included", () => {
    for (const path of [
      "/api/records",
      "/api/imports",
      "/api/suites/abc/report",
      "/api/imports/3f1c/file",
      "/api/records/import",
      "/api/suites/3f1c/prefills",
    ]) {
      expect(matches(path), path).toBe(false);
    }
  });

  it("leaves static files alone", () => {
    expect(matches("/_next/static/chunks/app.js")).toBe(false);
  });
});
