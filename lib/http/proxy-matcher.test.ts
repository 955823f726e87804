// Which requests the proxy (proxy.ts) sees: pages and APIs, never file uploads.
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

const matches = (path: string) => unstable_doesMiddlewareMatch({ config, url: `http://app.test${path}` });

describe("the proxy's matcher", () => {
  it("covers pages and JSON APIs", () => {
    for (const path of ["/", "/records", "/rate/abc", "/api/records", "/api/imports", "/api/imports/abc", "/api/suites/abc/report"]) {
      expect(matches(path), path).toBe(true);
    }
  });

  it("leaves uploads alone, whose bodies it would cut at 10 MB", () => {
    for (const path of ["/api/imports/3f1c/file", "/api/records/import", "/api/suites/3f1c/prefills"]) {
      expect(matches(path), path).toBe(false);
    }
  });

  it("leaves static files alone", () => {
    expect(matches("/_next/static/chunks/app.js")).toBe(false);
  });
});
