// The drill-down as the API answers it (snake_case, like the report's JSON).
import type { DrillDown } from "./drill-down";
import { pairingParameter } from "./drill-pairing";

export function drillDownJson(drill: DrillDown): Record<string, unknown> {
  return {
    suite: drill.suite,
    slice: {
      system_under_test: drill.slice.systemUnderTest ?? null,
      modality: drill.slice.modality ?? null,
      tag: drill.slice.tag ?? null,
    },
    field: drill.field,
    level: drill.level,
    pairing: pairingParameter(drill.pairing),
    verdict_pair: drill.confusion ?? null,
    rater: drill.rater ?? null,
    gold: drill.gold ?? null,
    total: drill.total,
    offset: drill.offset,
    items: drill.items.map((item) => ({
      item_id: item.itemId,
      task_id: item.taskId,
      system_under_test: item.systemUnderTest,
      disagreement: item.disagreement,
      columns_in_conflict: item.columnsInConflict,
      ...(item.matchingPairs !== undefined ? { matching_pairs: item.matchingPairs } : {}),
      ratings: item.ratings.map((rating) => ({
        eval_id: rating.evalId,
        rater_type: rating.raterType,
        rater: rating.rater,
        submitted_at: rating.submittedAt,
        values: rating.values,
      })),
    })),
  };
}
