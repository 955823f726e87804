// What a pair's two items share, and all of either item's task a rater or a
// reviewing SME is sent: the task id, the modality and the prompt. Every other
// task field can differ per system (transcript_url, the import file's
// suite_id, gold_item_id, calibration_target) and would name the response
// shown left. Taken from the pair's first item (name order), never from the
// left one, so even where the two items' prompts differ it says nothing of
// the side.
import type { Item } from "@/lib/items/types";

export type SharedTask = Pick<Item["task"], "task_id" | "modality" | "prompt">;

export function sharedTask(firstItem: Item): SharedTask {
  const { task_id, modality, prompt } = firstItem.task;
  return { task_id, modality, prompt };
}
