// axe-core's serious and critical violations on the current page (the ones a
// browser test fails on), each with the elements it found.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** `rules`: only these axe rules (the page's other checks were already run at another width). */
export async function seriousViolations(page: Page, options: { rules?: string[] } = {}) {
  const builder = new AxeBuilder({ page });
  if (options.rules) builder.withRules(options.rules);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}
