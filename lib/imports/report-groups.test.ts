import { describe, expect, it } from "vitest";
import { FIRST_LINES_SHOWN, groupReportRows } from "./report-groups";

describe("groupReportRows", () => {
  it("folds identical notes into one group with its count and first lines", () => {
    const rows = Array.from({ length: 10 }, (_, index) => [
      { line: index + 1, field: "/task/prompt", rule: "coerced", message: "a number was read as text" },
      { line: index + 1, field: "/task/prompt", rule: "coerced", message: "a number was read as text" },
    ]).flat();
    expect(groupReportRows(rows)).toEqual([
      {
        rule: "coerced",
        field: "/task/prompt",
        message: "a number was read as text",
        otherMessages: 0,
        count: 20,
        firstLines: [1, 2, 3, 4, 5],
      },
    ]);
    expect(FIRST_LINES_SHOWN).toBe(5);
  });

  it("keeps rules and fields apart, most frequent first, and counts differing messages", () => {
    const rows = [
      { line: 1, field: "/a", rule: "x", message: "one" },
      { line: 2, field: "/b", rule: "x", message: "two" },
      { line: 3, field: "/b", rule: "x", message: "three" },
      { line: 4, field: "/a", rule: "y", message: "four" },
    ];
    expect(
      groupReportRows(rows).map((group) => [
        group.rule,
        group.field,
        group.count,
        group.otherMessages,
        group.firstLines,
      ]),
    ).toEqual([
      ["x", "/b", 2, 1, [2, 3]],
      ["x", "/a", 1, 0, [1]],
      ["y", "/a", 1, 0, [4]],
    ]);
  });

  it("groups rows without a rule by field, and an empty report is no group", () => {
    expect(
      groupReportRows([
        { line: 7, field: "", message: "not JSON" },
        { line: 9, field: "", message: "not JSON" },
      ]),
    ).toEqual([{ rule: "", field: "", message: "not JSON", otherMessages: 0, count: 2, firstLines: [7, 9] }]);
    expect(groupReportRows([])).toEqual([]);
  });
});
