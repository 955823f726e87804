// The contract is kept verbatim: byte-equal to the shared spec and pinned by hash.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ours = readFileSync(path.join(import.meta.dirname, "aif-eval-form.schema.json"));
const SHARED_SPEC = path.join(import.meta.dirname, "..", "..", "shared", "specs", "aif-eval-form.schema.json");
// sha256 of ../shared/specs/aif-eval-form.schema.json when it was adopted.
const PINNED_SHA256 = "ed33e668948284e5b987847a675ac4fe82f55cf483ac8c5e18dcd5177c263905";

describe("schemas/aif-eval-form.schema.json", () => {
  it("is byte-for-byte the shared AIF spec", () => {
    expect(createHash("sha256").update(ours).digest("hex")).toBe(PINNED_SHA256);
    if (existsSync(SHARED_SPEC)) expect(ours.equals(readFileSync(SHARED_SPEC))).toBe(true);
  });
});
