import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { assertSameOrigin } from "./same-origin";

const baseUrl = "http://localhost:3000";

function check(method: string, headers: Record<string, string>): string {
  try {
    assertSameOrigin({ method, headers: new Headers(headers), baseUrl });
    return "allowed";
  } catch (error) {
    return error instanceof AppError ? error.code : "threw";
  }
}

describe("assertSameOrigin", () => {
  it("allows our own origin, as localhost, 127.0.0.1 or the Host the browser used", () => {
    expect(check("POST", { origin: "http://localhost:3000" })).toBe("allowed");
    expect(check("PUT", { origin: "http://127.0.0.1:3000" })).toBe("allowed");
    expect(
      check("POST", { origin: "https://evalform.example", host: "evalform.example", "x-forwarded-proto": "https" }),
    ).toBe("allowed");
  });

  it("refuses another site, a look-alike and the opaque origin null", () => {
    expect(check("POST", { origin: "https://attacker.example", host: "localhost:3000" })).toBe("FORBIDDEN");
    expect(check("DELETE", { origin: "http://localhost:3000.attacker.example", host: "localhost:3000" })).toBe(
      "FORBIDDEN",
    );
    expect(check("POST", { origin: "null", host: "localhost:3000" })).toBe("FORBIDDEN");
    expect(check("PATCH", { origin: "http://localhost:3001", host: "localhost:3000" })).toBe("FORBIDDEN");
  });

  it("refuses a request without Origin that the browser marks cross-site", () => {
    expect(check("POST", { "sec-fetch-site": "cross-site" })).toBe("FORBIDDEN");
    expect(check("POST", { "sec-fetch-site": "same-site" })).toBe("FORBIDDEN");
    expect(check("POST", { "sec-fetch-site": "same-origin" })).toBe("allowed");
  });

  it("leaves safe methods and non-browser clients alone", () => {
    expect(check("GET", { origin: "https://attacker.example" })).toBe("allowed");
    expect(check("POST", {})).toBe("allowed");
  });

  it("names the header and the rule", () => {
    try {
      assertSameOrigin({ method: "POST", headers: new Headers({ origin: "null" }), baseUrl });
    } catch (error) {
      expect((error as AppError).issues).toEqual([
        expect.objectContaining({ path: "/headers/origin", rule: "sameOrigin" }),
      ]);
    }
  });
});
