// The task and subject of a rating come from the item, never from the rater:
// the rating page shows them, and the server overwrites whatever is sent.
import type { AifDraft } from "@/lib/aif/types";
import type { Item } from "@/lib/items/types";

export function ratingContextOf(item: Item, suiteKey: string): Pick<AifDraft, "task" | "subject"> {
  return { task: { ...item.task, suite_id: suiteKey }, subject: item.subject };
}
