// A synthetic Every Eval Ever instance-level file for the import benchmarks:
// three single-turn lines to one agentic line with tool calls, written line by
// line so the file never sits in memory. In 0.2.0 spelling, or as valid 0.3.0
// records (lists, `messages`, string argument values, tool_call_id lists).
import { createWriteStream } from "node:fs";
import { once } from "node:events";

export function line(index: number): string {
  const agentic = index % 4 === 0;
  const base = {
    schema_version: "instance_level_eval_0.2.0",
    evaluation_id: "bench",
    model_id: "acme/acme-chat-2",
    evaluation_name: "bench_eval",
    sample_id: `s${index}`,
    sample_hash: `h${index}`,
    answer_attribution: [],
    evaluation: { score: index % 2, is_correct: index % 2 === 1 },
    metadata: { bucket: index % 10 },
  };
  return JSON.stringify(
    agentic
      ? {
          ...base,
          interaction_type: "agentic",
          input: { raw: `Task ${index}: cancel order ${index}`, reference: "done" },
          output: null,
          interactions: [
            { turn_idx: 0, role: "user", content: `Task ${index}: cancel order ${index}` },
            {
              turn_idx: 1,
              role: "assistant",
              content: null,
              tool_calls: [{ id: "c1", name: "cancel_order", arguments: { id: index } }],
            },
            { turn_idx: 2, role: "tool", content: '{"ok":true}', tool_call_id: "c1" },
            { turn_idx: 3, role: "assistant", content: "Cancelled." },
          ],
        }
      : {
          ...base,
          interaction_type: "single_turn",
          input: { raw: `What is ${index} + ${index}? Explain briefly.`, reference: String(2 * index) },
          output: { raw: `${index} + ${index} = ${2 * index}.` },
        },
  );
}

/** The same sample as `line(index)`, as a valid 0.3.0 record. */
export function line030(index: number): string {
  const agentic = index % 4 === 0;
  const base = {
    schema_version: "0.3.0",
    evaluation_id: "bench",
    model_id: "acme/acme-chat-2",
    evaluation_name: "bench_eval",
    evaluation_result_id: "bench_eval.accuracy",
    sample_id: `s${index}`,
    sample_hash: `h${index}`,
    answer_attribution: [],
    evaluation: { score: index % 2, is_correct: index % 2 === 1 },
    metadata: { bucket: String(index % 10) },
  };
  return JSON.stringify(
    agentic
      ? {
          ...base,
          interaction_type: "agentic",
          input: { raw: `Task ${index}: cancel order ${index}`, reference: ["done"] },
          output: null,
          messages: [
            { turn_idx: 0, role: "user", content: `Task ${index}: cancel order ${index}` },
            {
              turn_idx: 1,
              role: "assistant",
              content: null,
              tool_calls: [{ id: "c1", name: "cancel_order", arguments: { id: String(index) } }],
            },
            { turn_idx: 2, role: "tool", content: '{"ok":true}', tool_call_id: ["c1"] },
            { turn_idx: 3, role: "assistant", content: "Cancelled." },
          ],
        }
      : {
          ...base,
          interaction_type: "single_turn",
          input: { raw: `What is ${index} + ${index}? Explain briefly.`, reference: [String(2 * index)] },
          output: { raw: [`${index} + ${index} = ${2 * index}.`] },
        },
  );
}

export async function writeEeeFile(file: string, lines: number, version: "0.2" | "0.3" = "0.2"): Promise<void> {
  const out = createWriteStream(file);
  const write = version === "0.3" ? line030 : line;
  for (let index = 0; index < lines; index++) {
    if (!out.write(`${write(index)}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}
