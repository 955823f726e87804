import { describe, expect, it } from "vitest";
import { PERMISSIONS, ROLES, rolesAllow, type Action } from "./permissions";

describe("permission table", () => {
  it("grants exactly what the table lists, for every role and action", () => {
    for (const action of Object.keys(PERMISSIONS) as Action[]) {
      for (const role of ROLES) {
        expect(rolesAllow([role], action)).toBe((PERMISSIONS[action] as readonly string[]).includes(role));
      }
      expect(rolesAllow([], action)).toBe(false);
    }
  });
  it("keeps admin-only actions away from raters and SMEs", () => {
    for (const action of ["users.manage", "audit.read", "records.read_all"] as const) {
      expect(rolesAllow(["rater", "sme"], action)).toBe(false);
      expect(rolesAllow(["admin"], action)).toBe(true);
    }
  });
});
