// Items that exercise the item viewer, one typed object per case: markdown with
// a table, code and hostile HTML; a 20-turn chat with a long turn; a 5-shot
// prompt with a one-letter answer; a 15-call agent run; a text-to-image item
// whose image was dropped at export.
type Message = {
  role: string;
  content: { type: string; text?: string; url?: string }[];
  tool_calls?: unknown[];
  tool_call_id?: string;
  reasoning?: string;
  timestamp?: string;
};

const text = (role: string, body: string): Message => ({ role, content: [{ type: "text", text: body }] });

function item(
  taskId: string,
  modality: string,
  prompt: string,
  messages: Message[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    task: { task_id: taskId, suite_id: "e2e", modality, prompt },
    subject: { system_under_test: "E2E Model", modality_tags: [modality] },
    transcript: { messages },
    ...extra,
  };
}

export const HOSTILE_HTML = `<script>window.__viewerPwned=1</script><img src=x onerror="window.__viewerPwned=2">`;

export const MARKDOWN_ANSWER = [
  "Here is the comparison:",
  "",
  "| Model | Score |",
  "| ----- | ----- |",
  "| alpha | 0.91 |",
  "| beta  | 0.87 |",
  "",
  "```python",
  "def best(scores):",
  "    return max(scores, key=scores.get)",
  "```",
  "",
  `Raw HTML stays text: ${HOSTILE_HTML} and [a link](javascript:window.__viewerPwned=3) and [docs](https://example.com/docs).`,
].join("\n");

export function markdownItem(taskId: string): Record<string, unknown> {
  return item(taskId, "chat", `Compare the models ${taskId}`, [
    text("user", `Compare the models ${taskId}`),
    text("assistant", MARKDOWN_ANSWER),
  ]);
}

export const LONG_TURN = Array.from(
  { length: 60 },
  (_, line) => `Line ${line + 1} of a long explanation that goes on.`,
).join("\n");

export function longChatItem(taskId: string): Record<string, unknown> {
  const messages: Message[] = [];
  for (let turn = 0; turn < 10; turn += 1) {
    messages.push(text("user", `User turn ${turn + 1} of ${taskId}`));
    messages.push(text("assistant", turn === 3 ? LONG_TURN : `Assistant turn ${turn + 1}: a short reply.`));
  }
  return item(taskId, "chat", `User turn 1 of ${taskId}`, messages);
}

export function fewShotItem(taskId: string): Record<string, unknown> {
  const shots = Array.from(
    { length: 5 },
    (_, shot) =>
      `Question ${shot + 1}: Which planet is number ${shot + 2} from the sun?\n(A) Venus\n(B) Earth\n(C) Mars\n(D) Jupiter\nAnswer: ${"ABCD"[shot % 4]}\n`,
  ).join("\n");
  const prompt = `${shots}\n${"Context paragraph that pads the prompt. ".repeat(20)}\nQuestion 6: Which planet is the largest?\n(A) Venus\n(B) Earth\n(C) Mars\n(D) Jupiter\nAnswer:`;
  return item(taskId, "chat", prompt, [text("user", prompt), text("assistant", "D")]);
}

/**
 * 15 calls: ids on all but the last three (paired by order), call 4 fails, call 15 gets no result;
 * calls 1 and 10 give their reasoning, call 7's result is long (60 seats), and every message is
 * timestamped (call n at +n·10 s, its result 1.5 s later).
 */
export function agentItem(taskId: string): Record<string, unknown> {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, 0) + ms).toISOString();
  const messages: Message[] = [{ ...text("user", `Book the cheapest flight for ${taskId}`), timestamp: at(0) }];
  for (let call = 1; call <= 15; call += 1) {
    const id = call <= 12 ? `call_${call}` : undefined;
    messages.push({
      role: "assistant",
      timestamp: at(call * 10_000),
      ...(call === 1 || call === 10 ? { reasoning: `Reasoning before call ${call}: compare the fares.` } : {}),
      content: call === 1 ? [{ type: "text", text: "I will search first." }] : [],
      tool_calls: [
        {
          ...(id ? { id } : {}),
          name: call % 2 ? "search_flights" : "get_price",
          arguments: { route: `LHR-JFK`, step: call },
        },
      ],
    });
    if (call === 15) continue;
    const result =
      call === 4
        ? "Error: upstream timeout after 30 s"
        : JSON.stringify({
            step: call,
            fares: [{ carrier: `carrier-${call}`, price: 300 + call }],
            ...(call === 7 ? { seats: Array.from({ length: 60 }, (_, seat) => ({ seat: `row ${seat + 1}` })) } : {}),
          });
    messages.push({
      role: "tool",
      timestamp: at(call * 10_000 + 1500),
      content: [{ type: "text", text: result }],
      ...(id ? { tool_call_id: id } : {}),
    });
  }
  messages.push(text("assistant", "Booked carrier-14 for 314."));
  return item(taskId, "agent", `Book the cheapest flight for ${taskId}`, messages);
}

export function textToImageItem(taskId: string): Record<string, unknown> {
  return item(taskId, "multimodal", `A watercolor of a lighthouse ${taskId}`, [
    text("user", `A watercolor of a lighthouse ${taskId}`),
    text("assistant", "<image:0>"),
  ]);
}
