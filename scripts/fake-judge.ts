// A scripted stand-in for an LLM judge, speaking the OpenAI chat-completions
// protocol on 127.0.0.1:<port> (default 3190). The browser tests and the
// judge benchmark run judge runs against it; no model is involved, and its
// answers say so. Scores vary by item and sample so aggregation is visible.
// Usage: tsx scripts/fake-judge.ts [port] [latency ms] [pairwise: left|right|tie].
import { createHash } from "node:crypto";
import type { JudgeModality } from "@/lib/judge/judgment-schema";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { PAIRWISE_SCHEMA_NAME, type PairwiseVerdict } from "@/lib/pairwise/judge-prompt";
import { startFakeChatCompletionsServer, type FakeReply } from "@/lib/testing/fake-openai-server";

const MODALITIES: JudgeModality[] = ["chat", "agent", "rag", "multimodal"];

/** The modality is read off the requested schema: it holds that modality's extension. */
export function scriptedJudgeReply(
  body: { messages?: unknown[]; response_format?: unknown },
  sample: number,
): FakeReply {
  const text = JSON.stringify(body.messages ?? []);
  const properties =
    (body.response_format as { json_schema?: { schema?: { properties?: Record<string, unknown> } } } | undefined)
      ?.json_schema?.schema?.properties ?? {};
  const modality = MODALITIES.find((candidate) => candidate in properties) ?? "chat";
  const digest = createHash("sha256").update(text).digest();
  const score = (offset: number) => 3 + ((digest[offset]! + sample) % 3);
  const base = validJudgmentFor(modality);
  const universal = Object.fromEntries(
    Object.keys(base.universal).map((dimension, index) => [
      dimension,
      {
        score: score(index),
        confidence: "high",
        rationale: `Scripted judge (no model): sample ${sample + 1}, ${dimension} ${score(index)}.`,
      },
    ]),
  );
  return { content: JSON.stringify({ ...base, universal }) };
}

/**
 * How the scripted judge answers a pair: "left" always prefers Response A (the
 * response shown first — a judge with pure position bias), "right" always B,
 * "tie" never prefers either.
 */
export type PairwiseScript = "left" | "right" | "tie";
const SCRIPTED_VERDICT: Record<PairwiseScript, PairwiseVerdict> = { left: "A>B", right: "B>A", tie: "A=B" };

export function isPairwiseRequest(body: Record<string, unknown>): boolean {
  return (
    (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name ===
    PAIRWISE_SCHEMA_NAME
  );
}

/** A pairwise judgment as the judge's protocol asks for it, the verdict set by `script`. */
export function scriptedPairwiseReply(script: PairwiseScript): FakeReply {
  const { vs_reference: _none, ...universal } = validJudgmentFor("chat").universal as Record<string, unknown>;
  return {
    content: JSON.stringify({
      verdict: SCRIPTED_VERDICT[script],
      rationale: `Scripted judge (no model), set to "${script}".`,
      response_a: { universal },
      response_b: { universal },
    }),
  };
}

async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? 3190);
  const latencyMs = Number(process.argv[3] ?? 0);
  const pairwise = (process.argv[4] ?? "left") as PairwiseScript;
  if (!(pairwise in SCRIPTED_VERDICT)) throw new Error(`pairwise script must be left, right or tie, got ${pairwise}`);
  let index = 0;
  const server = await startFakeChatCompletionsServer({
    port,
    respond: ({ body }) => ({
      ...(isPairwiseRequest(body) ? scriptedPairwiseReply(pairwise) : scriptedJudgeReply(body, index++ % 5)),
      delayMs: latencyMs,
    }),
  });
  console.log(`scripted judge listening at ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
