import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce } from "./content-security-policy";

function directive(policy: string, name: string): string {
  return policy.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";
}

describe("contentSecurityPolicy", () => {
  it("allows scripts only with the nonce in production, never inline or eval", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123", development: false });
    const scripts = directive(policy, "script-src");
    expect(scripts).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(scripts).not.toContain("unsafe");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("form-action 'self'");
  });

  it("adds unsafe-eval only for development", () => {
    expect(directive(contentSecurityPolicy({ nonce: "n", development: true }), "script-src")).toContain(
      "'unsafe-eval'",
    );
  });

  it("loads media from our origin and data:/blob: only, never from another host", () => {
    const policy = contentSecurityPolicy({ nonce: "n", development: false });
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob:");
    expect(directive(policy, "media-src")).toBe("media-src 'self' data: blob:");
  });
});

describe("newNonce", () => {
  it("is fresh and carries 128 bits", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    expect(Buffer.from(newNonce(), "base64")).toHaveLength(16);
  });
});
