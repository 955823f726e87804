// Which pairs a pairwise suite holds: items of several systems matched by
// task id, paired against the baseline or all with all; tasks some system
// lacks are listed, not silently dropped.
import type { PairwiseDesign } from "./validation";

export type CandidateItem = { id: string; taskId: string; system: string };

export type PlannedPair = {
  taskId: string;
  firstSystem: string;
  secondSystem: string;
  firstItemId: string;
  secondItemId: string;
};

export type UnmatchedTask = { task_id: string; missing: string[] };

export type PairPlan = {
  systems: string[];
  pairs: PlannedPair[];
  unmatched: UnmatchedTask[];
  /** Items left out because their system already had a response to the task (the first in import order is used). */
  duplicates: number;
};

/** `items` in import order; systems come out in name order, so first < second in every pair. */
export function planPairs(items: readonly CandidateItem[], design: PairwiseDesign, baseline?: string): PairPlan {
  const byTask = new Map<string, Map<string, string>>();
  let duplicates = 0;
  for (const item of items) {
    const responses = byTask.get(item.taskId) ?? new Map<string, string>();
    if (responses.has(item.system)) duplicates += 1;
    else responses.set(item.system, item.id);
    byTask.set(item.taskId, responses);
  }
  const systems = [...new Set(items.map((item) => item.system))].sort();
  const pairs: PlannedPair[] = [];
  const unmatched: UnmatchedTask[] = [];
  for (const [taskId, responses] of byTask) {
    const missing = systems.filter((system) => !responses.has(system));
    if (missing.length > 0) unmatched.push({ task_id: taskId, missing });
    for (let a = 0; a < systems.length; a += 1)
      for (let b = a + 1; b < systems.length; b += 1) {
        const [first, second] = [systems[a]!, systems[b]!];
        if (design === "baseline" && first !== baseline && second !== baseline) continue;
        const firstItemId = responses.get(first);
        const secondItemId = responses.get(second);
        if (firstItemId && secondItemId)
          pairs.push({ taskId, firstSystem: first, secondSystem: second, firstItemId, secondItemId });
      }
  }
  return { systems, pairs, unmatched, duplicates };
}
