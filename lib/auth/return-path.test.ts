import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_PATH, resolveReturnPath } from "./return-path";

const APP = "http://localhost:3000";

describe("resolveReturnPath", () => {
  it("keeps a path on the app with its query and fragment", () => {
    expect(resolveReturnPath("/rate/abc?x=1#dim", APP)).toBe("/rate/abc?x=1#dim");
    expect(resolveReturnPath("/records", APP)).toBe("/records");
    expect(resolveReturnPath(`${APP}/queue`, APP)).toBe("/queue");
    expect(resolveReturnPath("/a/../queue", APP)).toBe("/queue");
  });

  // Each would take the browser to evil.example if it were used as a Location.
  const offSite = [
    "/\\evil.example", // what `next=/%5Cevil.example` decodes to
    "/\t/evil.example", // what `next=/%09/evil.example` decodes to
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "//evil.example",
    "///evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "https://evil.example",
    "https:evil.example",
    "HTTPS://evil.example/records",
    "//localhost:3000@evil.example",
    "http://localhost:3000@evil.example",
    "http://localhost:3001/records",
    "https://localhost:3000/records",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " //evil.example",
  ];
  it.each(offSite)("refuses %j", (next) => {
    expect(resolveReturnPath(next, APP)).toBe(DEFAULT_RETURN_PATH);
  });

  it("never returns anything a browser would read as another host", () => {
    for (const next of offSite) {
      const path = resolveReturnPath(next, APP);
      expect(new URL(path, APP).origin).toBe(APP);
      expect(path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\")).toBe(true);
    }
  });

  it("keeps encoded slashes and backslashes encoded: they are path text, not separators", () => {
    expect(resolveReturnPath("/%5Cevil.example", APP)).toBe("/%5Cevil.example");
    expect(resolveReturnPath("/%2F/evil.example", APP)).toBe("/%2F/evil.example");
    expect(new URL(resolveReturnPath("/%09/evil.example", APP), APP).host).toBe("localhost:3000");
  });

  it("falls back for nothing, non-strings and absurd lengths", () => {
    expect(resolveReturnPath(undefined, APP)).toBe(DEFAULT_RETURN_PATH);
    expect(resolveReturnPath("", APP)).toBe(DEFAULT_RETURN_PATH);
    expect(resolveReturnPath(["/a", "/b"], APP)).toBe(DEFAULT_RETURN_PATH);
    expect(resolveReturnPath(`/${"a".repeat(5000)}`, APP)).toBe(DEFAULT_RETURN_PATH);
    expect(resolveReturnPath("//evil.example", APP, "/queue")).toBe("/queue");
  });
});
