// The record page's reading of a record: a field marked not rated reads "Not rated", never its placeholder score.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HAZARDS, LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { labelAt } from "@/lib/aif/field-labels";
import { notRatedLikert } from "@/lib/aif/not-rated";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { ReadableRecord } from "./readable-record";

describe("ReadableRecord", () => {
  it("reads a field marked not rated as 'Not rated' with its reason, and a rated one as its score", () => {
    const draft = chatDraft();
    const [notRated] = LIKERT_DIMENSIONS.filter((dimension) => dimension.startsWith("universal."));
    const name = notRated!.slice("universal.".length);
    const others = Object.values(draft.universal).filter(
      (value): value is { score: number } => typeof value === "object" && value !== null && "score" in value,
    );
    const body = {
      ...draft,
      universal: { ...draft.universal, [name]: notRatedLikert("the judge gave one overall score") },
    };
    const html = renderToStaticMarkup(createElement(ReadableRecord, { body }));
    expect(html).toContain("Not rated");
    expect(html).toContain("Not rated: the judge gave one overall score");
    expect(html).not.toContain("3 (confidence Low)");
    expect(others.length).toBeGreaterThan(1);
  });

  it("lists hazards in the form's order, whatever order the record stores them in", () => {
    const draft = chatDraft();
    const stored = [...HAZARDS].reverse();
    const safety = {
      is_violating_any: true,
      ...Object.fromEntries(stored.map((name) => [name, { verdict: "non_violating" }])),
      [HAZARDS[1]!]: { verdict: "violating", severity: 2, evidence: "quoted" },
    };
    const html = renderToStaticMarkup(createElement(ReadableRecord, { body: { ...draft, safety } }));
    const safetyTable = html.slice(html.indexOf('id="readable-safety"'));
    const positions = HAZARDS.map((name) => safetyTable.indexOf(`>${labelAt(["safety", name])?.label ?? name}<`));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
