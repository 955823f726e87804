import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { winRateEstimates, type RatedJudgment } from "@/lib/estimates/pairwise-estimates";
import { WinRateEstimatesSection } from "./win-rate-estimates-section";

const judgment = (unit: string, preference: string, raterType: string): RatedJudgment => ({
  unit,
  first: "<b>cand</b>",
  second: "base",
  preference,
  raterType,
  firstShownLeft: true,
  firstLength: 1,
  secondLength: 1,
});

describe("WinRateEstimatesSection", () => {
  it("shows the three win rates with intervals, system names as text, in a focusable scrolling region", () => {
    const judgments = [
      ...["better", "better", "equivalent", "worse", "better"].map((verdict, index) =>
        judgment(`p${index}`, verdict, "llm_judge"),
      ),
      judgment("p0", "better", "human"),
      judgment("p1", "worse", "human"),
      judgment("p2", "equivalent", "human"),
    ];
    const estimates = winRateEstimates({ judgments, systems: ["base", "<b>cand</b>"], baseline: "base" });
    const html = renderToStaticMarkup(createElement(WinRateEstimatesSection, { estimates }));
    expect(html).toContain("&lt;b&gt;cand&lt;/b&gt;");
    expect(html).not.toContain("<b>cand</b>");
    expect(html).toContain(`${estimates[0]!.judgeOnly!.estimate.toFixed(3)} `);
    expect(html).toContain(`${estimates[0]!.corrected!.estimate.toFixed(3)} `);
    expect(html).toContain("3 / 2");
    expect(html).toMatch(/role="region"[^>]*tabindex="0"|tabindex="0"[^>]*role="region"/i);
    expect(html).toMatch(
      /role="img" aria-label="judge only \(biased\) 0\.\d\d; human only 0\.\d\d; corrected 0\.\d\d"/,
    );
  });

  it("says why there is nothing to show in an all-pairs suite", () => {
    const html = renderToStaticMarkup(createElement(WinRateEstimatesSection, { estimates: [] }));
    expect(html).toContain("No baseline in this suite");
  });
});
