import { expect, it } from "vitest";
import { agentMetrics } from "./agent-metrics";

it("aggregates pass@k and pass^k per k, ignoring malformed entries", () => {
  const metrics = agentMetrics([
    { passAtK: { k: 3, successes: 3 }, passCaretK: { k: 3, all_succeeded: true } },
    { passAtK: { k: 3, successes: 1 }, passCaretK: { k: 3, all_succeeded: false } },
    { passAtK: { k: 3, successes: 0 }, passCaretK: { k: 3, all_succeeded: false } },
    { passAtK: { k: 5, successes: 2 } },
    { passAtK: { k: 0, successes: 1 } },
    {},
  ]);
  expect(metrics).toHaveLength(2);
  expect(metrics[0]).toMatchObject({ k: 3, runs: 3, caretRuns: 3 });
  expect(metrics[0]!.passAtK).toBeCloseTo(2 / 3, 10);
  expect(metrics[0]!.trialSuccessRate).toBeCloseTo(4 / 9, 10);
  expect(metrics[0]!.passCaretK).toBeCloseTo(1 / 3, 10);
  expect(metrics[0]!.passCaretKIfIndependent).toBeCloseTo((4 / 9) ** 3, 10);
  expect(metrics[1]).toMatchObject({ k: 5, runs: 1, passAtK: 1, passCaretK: null, caretRuns: 0 });
});
