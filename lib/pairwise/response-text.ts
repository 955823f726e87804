// A response as one text: what `task.reference` of the other response's
// record holds, and whose length the length-controlled win rate uses.
import type { Item } from "@/lib/items/types";

/** The text of the item's assistant messages (media as their URLs), in order. */
export function responseText(item: Item): string {
  return item.transcript.messages
    .filter((message) => message.role === "assistant")
    .map((message) =>
      message.content
        .map((segment) => (segment.type === "text" ? segment.text : `[${segment.type}: ${segment.url}]`))
        .join("\n"),
    )
    .join("\n\n");
}
