import { describe, expect, it } from "vitest";
import { subjectIsUser, subjectPath } from "./subject-link";

const ID = "0f5c1a8e-3b7d-4c2a-9e61-2d4b8f0a7c35";

describe("subjectPath", () => {
  it("links records, imports, suites and judge runs to their pages", () => {
    expect(subjectPath("record.submitted", ID)).toBe(`/records/${ID}`);
    expect(subjectPath("items.import_refused", ID)).toBe(`/admin/imports/${ID}`);
    expect(subjectPath("suite.updated", ID)).toBe(`/admin/suites/${ID}`);
    expect(subjectPath("judge_run.started", ID)).toBe(`/admin/judge-runs/${ID}`);
  });

  it("finds a user by display name on the users page", () => {
    expect(subjectIsUser("user.disabled")).toBe(true);
    expect(subjectPath("user.disabled", ID, "Ann Lee")).toBe("/admin/users?q=Ann%20Lee");
    expect(subjectPath("user.disabled", ID)).toBeNull();
  });

  it("leaves subjects without a page, and anything but an id, unlinked", () => {
    expect(subjectPath("token.created", ID)).toBeNull();
    expect(subjectPath("user.invited", "ann@example.test")).toBeNull();
    expect(subjectPath("record.submitted", "../../admin")).toBeNull();
    expect(subjectPath("record.submitted", null)).toBeNull();
  });
});
