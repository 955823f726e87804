import { describe, expect, it } from "vitest";
import { rejection } from "@/lib/testing/rejection";
import { commitPolicyParam, outcomeOf, policiesFor } from "./commit-policy";

const param = (query: string, kind: "items" | "records" | "prefills" = "records") =>
  commitPolicyParam(new URLSearchParams(query), kind, kind === "items" ? "stage" : "all_or_nothing");

describe("commit policy", () => {
  it("decides the same way for every kind", () => {
    expect(outcomeOf("all_or_nothing", 0)).toBe("store");
    expect(outcomeOf("store_valid", 0)).toBe("store");
    expect(outcomeOf("stage", 0)).toBe("store");
    expect(outcomeOf("all_or_nothing", 1)).toBe("store_nothing");
    expect(outcomeOf("store_valid", 1)).toBe("store");
    expect(outcomeOf("stage", 1)).toBe("await_decision");
  });

  it("offers the same three for items, records and prefills", () => {
    expect(policiesFor("items")).toEqual(["all_or_nothing", "store_valid", "stage"]);
    expect(policiesFor("records")).toEqual(["all_or_nothing", "store_valid", "stage"]);
    expect(policiesFor("prefills")).toEqual(["all_or_nothing", "store_valid", "stage"]);
  });

  it("reads ?policy=, the older ?store_valid=, and falls back to the kind's default", () => {
    expect(param("")).toBe("all_or_nothing");
    expect(param("", "items")).toBe("stage");
    expect(param("store_valid=1")).toBe("store_valid");
    expect(param("store_valid=false")).toBe("all_or_nothing");
    expect(param("policy=store_valid")).toBe("store_valid");
    expect(param("policy=store_valid&store_valid=true")).toBe("store_valid");
    expect(param("policy=all_or_nothing", "items")).toBe("all_or_nothing");
    expect(param("policy=stage")).toBe("stage");
  });

  it("answers 422 naming the parameter for an unknown, unoffered or contradicted policy", async () => {
    const refused = async (query: string, kind?: "items" | "records") =>
      rejection(Promise.resolve().then(() => param(query, kind)));
    expect((await refused("policy=later")).issues[0]).toMatchObject({ path: "/policy", rule: "enum" });
    expect((await refused("policy=Stage")).issues[0]).toMatchObject({ path: "/policy", rule: "enum" });
    expect((await refused("policy=stage&store_valid=1")).issues[0]).toMatchObject({
      path: "/store_valid",
      rule: "consistent",
    });
    expect((await refused("policy=all_or_nothing&store_valid=1")).issues[0]).toMatchObject({
      path: "/store_valid",
      rule: "consistent",
    });
    expect((await refused("store_valid=yes")).issues[0]).toMatchObject({ path: "/store_valid", rule: "boolean" });
  });
});
