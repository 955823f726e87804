// One item's ratings side by side as the API answers them (snake_case), for
// the admin's item route and the adjudication route alike.
import type { ItemRatings } from "./item-ratings";

export function itemRatingsJson(view: ItemRatings) {
  return {
    suite: view.suite,
    item: {
      item_id: view.item.id,
      task_id: view.item.taskId,
      system_under_test: view.item.systemUnderTest,
      is_gold: view.item.isGold,
      body: view.item.body,
    },
    ratings: view.ratings.map((rating) => ({
      eval_id: rating.evalId,
      rater_type: rating.raterType,
      rater: rating.rater,
      submitted_at: rating.submittedAt,
      flow: rating.flow,
      derived_from: rating.derivedFrom,
      record: rating.body,
    })),
    fields: view.fields.map((field) => ({
      pointer: field.pointer,
      kind: field.kind,
      values: field.values.map((value) => value ?? null),
      differs: field.differs,
    })),
  };
}
