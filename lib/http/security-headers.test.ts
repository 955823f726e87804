// Strict-Transport-Security under an https base URL, on pages (the proxy) and
// API answers (observeRequest); Cache-Control: no-store on every API answer.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import { setSettingInThisFile } from "@/lib/testing/test-env";
import { apiCacheControl, strictTransportSecurity } from "./security-headers";

// Read by lib/env on first use, in this test file's own worker.
setSettingInThisFile("EVALFORM_BASE_URL", "https://evalform.example");
const { observeRequest } = await import("./api-handler");
const { proxy } = await import("@/proxy");

describe("Strict-Transport-Security", () => {
  it("is sent for an https base URL and never for http", () => {
    expect(strictTransportSecurity("https://evalform.example")).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    expect(strictTransportSecurity("HTTPS://evalform.example")).not.toBeNull();
    expect(strictTransportSecurity("http://localhost:3000")).toBeNull();
  });

  it("is on every API answer and every page when EVALFORM_BASE_URL is https", async () => {
    const api = await observeRequest(new Request("https://evalform.example/api/records"), async () =>
      Response.json({}),
    );
    expect(api.headers.get("strict-transport-security")).toMatch(/^max-age=63072000/);
    const failed = await observeRequest(new Request("https://evalform.example/api/records"), async () => {
      throw new AppError("NOT_FOUND", "No such thing");
    });
    expect(failed.headers.get("strict-transport-security")).toMatch(/^max-age=63072000/);
    const page = proxy(new NextRequest("https://evalform.example/records"));
    expect(page.headers.get("strict-transport-security")).toMatch(/^max-age=63072000/);
  });
});

describe("Cache-Control on API answers", () => {
  it("is no-store on every answer: success, error, redirect, and a handler's own weaker value", async () => {
    const answers = [
      await observeRequest(new Request("https://evalform.example/api/records"), async () =>
        Response.json({ records: [] }),
      ),
      await observeRequest(new Request("https://evalform.example/api/records"), async () => {
        throw new AppError("NOT_FOUND", "No such thing");
      }),
      await observeRequest(new Request("https://evalform.example/api/records"), async () =>
        Response.redirect("https://evalform.example/x", 307),
      ),
      await observeRequest(new Request("https://evalform.example/api/records"), async () =>
        Response.json({}, { headers: { "cache-control": "public, max-age=600" } }),
      ),
    ];
    for (const answer of answers) expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps a stricter no-store value a handler set (exports: no-transform too)", () => {
    expect(apiCacheControl("no-store, no-transform")).toBe("no-store, no-transform");
    expect(apiCacheControl("private, max-age=60")).toBe("no-store");
    expect(apiCacheControl(null)).toBe("no-store");
  });
});
