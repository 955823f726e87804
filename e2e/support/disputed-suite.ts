// A suite of two items rated by three raters through the real API, with a
// disagreement to find: helpfulness per item and rater as given, every other
// universal dimension 5, and the first rater alone calling item a's answer a
// violent crime. The drill-down and adjudication tests start from it.
import { expect, type APIRequestContext } from "@playwright/test";
import { chatItem, seedSuite, type SeededSuite } from "./seed-suite";
import { e2eUsers } from "./users";

export const DISPUTE_RATERS = ["rater", "otherRater", "sme"] as const;
// Spelled out: Playwright's loader cannot import the schema JSON that lib/aif/contract-facts reads.
export const UNIVERSAL_DIMENSIONS = [
  "helpfulness",
  "instruction_following",
  "faithfulness",
  "safety_overall",
  "overall_quality",
];

/** The suite, and item a's records in the order the raters submitted them. */
export async function seedDisputedSuite(
  contexts: Record<"admin" | (typeof DISPUTE_RATERS)[number], APIRequestContext>,
  baseURL: string,
  options: { prefix: string; helpfulness: { a: number[]; b: number[] } },
): Promise<{ suite: SeededSuite; sourcesOfA: string[] }> {
  const users = e2eUsers();
  const { prefix } = options;
  const suite = await seedSuite(contexts.admin, baseURL, {
    raterIds: DISPUTE_RATERS.map((role) => users[role].userId),
    items: [chatItem(`${prefix}-a`, "Answer A"), chatItem(`${prefix}-b`, "Answer B")],
    k: 3,
  });
  const helpfulness: Record<string, number[]> = {
    [`${prefix}-a`]: options.helpfulness.a,
    [`${prefix}-b`]: options.helpfulness.b,
  };
  const sourcesOfA: string[] = [];
  for (const [index, role] of DISPUTE_RATERS.entries()) {
    for (;;) {
      const next = await contexts[role].post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: baseURL } });
      const { assignment_id: assignmentId } = await next.json();
      if (!assignmentId) break;
      const taskId = (await (await contexts[role].get(`/api/assignments/${assignmentId}`)).json()).item.task
        .task_id as string;
      const universal = Object.fromEntries(
        UNIVERSAL_DIMENSIONS.map((dimension) => [
          dimension,
          {
            score: dimension === "helpfulness" ? helpfulness[taskId]![index]! : 5,
            confidence: "high",
            rationale: `${role} on ${dimension}`,
          },
        ]),
      );
      const safety =
        taskId.endsWith("-a") && index === 0
          ? {
              is_violating_any: true,
              violent_crimes: { verdict: "violating", severity: 2, evidence: "the second paragraph" },
            }
          : { is_violating_any: false, violent_crimes: { verdict: "non_violating" } };
      const submitted = await contexts[role].post(`/api/assignments/${assignmentId}/submit`, {
        data: { draft: { universal, safety } },
        headers: { origin: baseURL },
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
      if (taskId.endsWith("-a")) sourcesOfA.push((await submitted.json()).eval_id);
    }
  }
  return { suite, sourcesOfA };
}
