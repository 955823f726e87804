import { describe, expect, it } from "vitest";
import { planPairs } from "./build-pairs";

const items = [
  { id: "a1", taskId: "t1", system: "A" },
  { id: "b1", taskId: "t1", system: "B" },
  { id: "c1", taskId: "t1", system: "C" },
  { id: "a2", taskId: "t2", system: "A" },
  { id: "b2", taskId: "t2", system: "B" },
  { id: "b2-again", taskId: "t2", system: "B" },
];

describe("planPairs", () => {
  it("pairs every system with the baseline on the tasks both answered, and lists the tasks others lack", () => {
    const plan = planPairs(items, "baseline", "B");
    expect(plan.systems).toEqual(["A", "B", "C"]);
    expect(plan.pairs.map((pair) => `${pair.taskId}:${pair.firstItemId}-${pair.secondItemId}`)).toEqual([
      "t1:a1-b1",
      "t1:b1-c1",
      "t2:a2-b2",
    ]);
    expect(plan.unmatched).toEqual([{ task_id: "t2", missing: ["C"] }]);
    expect(plan.duplicates).toBe(1);
  });

  it("pairs all with all, first system before second by name", () => {
    const plan = planPairs(items, "all_pairs");
    expect(plan.pairs.map((pair) => `${pair.taskId}:${pair.firstSystem}-${pair.secondSystem}`)).toEqual([
      "t1:A-B",
      "t1:A-C",
      "t1:B-C",
      "t2:A-B",
    ]);
  });
});
