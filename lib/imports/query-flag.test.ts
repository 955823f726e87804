import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { booleanParam } from "./query-flag";

const flag = (query: string) => booleanParam(new URLSearchParams(query), "store_valid");

describe("booleanParam", () => {
  it("reads 1/true as yes, 0/false and absence as no", () => {
    expect(flag("store_valid=1")).toBe(true);
    expect(flag("store_valid=true")).toBe(true);
    expect(flag("store_valid=0")).toBe(false);
    expect(flag("store_valid=false")).toBe(false);
    expect(flag("")).toBe(false);
    expect(booleanParam(new URLSearchParams(""), "store_valid", true)).toBe(true);
  });

  it.each(["yes", "", "TRUE", "2"])("refuses %j with a 422 naming the parameter", (value) => {
    let thrown: unknown;
    try {
      flag(`store_valid=${value}`);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe("INVALID_INPUT");
    expect((thrown as AppError).message).toContain("store_valid");
    expect((thrown as AppError).issues?.[0]).toMatchObject({ path: "/store_valid", rule: "boolean" });
  });
});
