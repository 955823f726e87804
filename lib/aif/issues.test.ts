import { describe, expect, it } from "vitest";
import { recordErrors } from "./contract";
import { MAX_ISSUES, toValidationIssues } from "./issues";
import { chatDraft } from "./sample-drafts";

describe("toValidationIssues", () => {
  it("lists at most MAX_ISSUES issues and says how many more were found", () => {
    // 5,000 unknown fields: Ajv (allErrors) reports every one.
    const flood = {
      ...chatDraft(),
      ...Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`unknown_${index}`, index])),
    };
    const errors = recordErrors(flood);
    expect(errors.length).toBeGreaterThanOrEqual(5000);
    const issues = toValidationIssues(errors);
    expect(issues).toHaveLength(MAX_ISSUES + 1);
    expect(issues).toContainEqual(expect.objectContaining({ path: "/unknown_0", rule: "additionalProperties" }));
    expect(issues.at(-1)).toMatchObject({
      path: "",
      rule: "tooManyIssues",
      message: expect.stringMatching(/^\d+ more problem\(s\).*first 100/),
    });
  });

  it("leaves a short list alone", () => {
    const issues = toValidationIssues(recordErrors({ ...chatDraft(), colour: "blue" }));
    expect(issues.some((issue) => issue.rule === "tooManyIssues")).toBe(false);
    expect(issues).toContainEqual(expect.objectContaining({ path: "/colour", rule: "additionalProperties" }));
  });
});
