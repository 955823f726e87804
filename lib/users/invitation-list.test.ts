import { describe, expect, it } from "vitest";
import { MAX_INVITATION_LINES, parseInvitationList } from "./invitation-list";

describe("parseInvitationList", () => {
  it("reads one email a line with the default roles, skipping blanks and comments", () => {
    expect(parseInvitationList("ann@example.test\n\n# the SMEs\n  Bob@Example.test  \r\n", ["rater"])).toEqual([
      { line: 1, email: "ann@example.test", roles: ["rater"] },
      { line: 4, email: "bob@example.test", roles: ["rater"] },
    ]);
  });

  it("reads a CSV with a header and a roles column, quoted or not", () => {
    const csv =
      '\uFEFFEmail,Roles\n"cy@example.test","sme;admin"\ndee@example.test,rater sme\neve@example.test;ADMIN\nfay@example.test\t\n';
    expect(parseInvitationList(csv, ["rater"])).toEqual([
      { line: 2, email: "cy@example.test", roles: ["sme", "admin"] },
      { line: 3, email: "dee@example.test", roles: ["rater", "sme"] },
      { line: 4, email: "eve@example.test", roles: ["admin"] },
      { line: 5, email: "fay@example.test", roles: ["rater"] },
    ]);
  });

  it("refuses bad lines by number, with the reason, and keeps the good ones", () => {
    const list = [
      "ok@example.test",
      "not-an-email",
      "ok@example.test, sme",
      "gus@example.test, owner boss",
      ",rater",
      "hal@example.test",
    ].join("\n");
    expect(parseInvitationList(list, ["rater"])).toEqual([
      { line: 1, email: "ok@example.test", roles: ["rater"] },
      { line: 2, email: "not-an-email", refused: '"not-an-email" is not an email address' },
      { line: 3, email: "ok@example.test", refused: "ok@example.test is already on line 1" },
      { line: 4, email: "gus@example.test", refused: '"owner", "boss" are not roles (rater, sme, admin)' },
      { line: 5, email: null, refused: "No email address" },
      { line: 6, email: "hal@example.test", roles: ["rater"] },
    ]);
  });

  it("needs a role from the line or the default", () => {
    expect(parseInvitationList("ivy@example.test", [])).toEqual([
      { line: 1, email: "ivy@example.test", refused: "No role: name one on the line or choose a default" },
    ]);
  });

  it("a header is only a header on the first line", () => {
    expect(parseInvitationList("a@example.test\nemail", ["rater"])[1]).toEqual({
      line: 2,
      email: "email",
      refused: '"email" is not an email address',
    });
  });

  it("stops after the maximum, saying so on the next line", () => {
    const list = Array.from({ length: MAX_INVITATION_LINES + 5 }, (_, index) => `p${index}@example.test`).join("\n");
    const entries = parseInvitationList(list, ["rater"]);
    expect(entries).toHaveLength(MAX_INVITATION_LINES + 1);
    expect(entries.at(-1)).toEqual({
      line: MAX_INVITATION_LINES + 1,
      email: null,
      refused: `More than ${MAX_INVITATION_LINES} people in one list; send the rest in another`,
    });
  });
});
