// Against a real HTTP server: retries, timeouts and cancellation are about
// sockets and clocks, which a mocked fetch would not exercise.
import { afterEach, describe, expect, it } from "vitest";
import {
  startFakeChatCompletionsServer,
  type FakeChatCompletionsServer,
  type FakeReply,
} from "@/lib/testing/fake-openai-server";
import { createChatCompletion, JudgeCallError, type ChatCompletionOptions } from "./chat-completions-client";

const servers: FakeChatCompletionsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(
  replies: FakeReply[] | ((index: number) => FakeReply),
  apiKey?: string,
): Promise<FakeChatCompletionsServer> {
  const server = await startFakeChatCompletionsServer({
    apiKey,
    respond: ({ index }) =>
      typeof replies === "function" ? replies(index) : replies[Math.min(index, replies.length - 1)]!,
  });
  servers.push(server);
  return server;
}

// Records the waits between attempts instead of waiting.
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

function call(server: FakeChatCompletionsServer, overrides: Partial<ChatCompletionOptions> = {}) {
  return createChatCompletion({
    baseUrl: server.url,
    model: "judge-model",
    messages: [{ role: "user", content: "Rate this." }],
    timeoutMs: 2_000,
    maxAttempts: 3,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<JudgeCallError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(JudgeCallError);
  return error as JudgeCallError;
}

describe("createChatCompletion", () => {
  it("returns the content of a completion and sends model, messages, options and the key", async () => {
    const server = await serve(
      [{ content: '{"universal":{}}', usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 } }],
      "sk-test",
    );
    const result = await call(server, {
      baseUrl: `${server.url}/`,
      apiKey: "sk-test",
      temperature: 0,
      seed: 7,
      responseFormat: { type: "json_object" },
    });
    expect(result).toEqual({
      content: '{"universal":{}}',
      attempts: 1,
      usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
    });
    expect(server.requests).toEqual([
      {
        model: "judge-model",
        messages: [{ role: "user", content: "Rate this." }],
        response_format: { type: "json_object" },
        temperature: 0,
        seed: 7,
      },
    ]);
  });

  it.each([
    ["not JSON", "<html>gateway</html>"],
    ["no choices", JSON.stringify({ object: "chat.completion", choices: [] })],
    ["null content", JSON.stringify({ choices: [{ message: { role: "assistant", content: null, refusal: "no" } }] })],
  ])(
    "fails a 200 whose body is not a chat completion (%s) as a protocol error, without retrying",
    async (_case, body) => {
      const server = await serve([{ status: 200, body }]);
      const error = await failure(call(server));
      expect(error).toMatchObject({ kind: "protocol", attempts: 1, body });
      expect(server.requests).toHaveLength(1);
    },
  );

  it("waits as long as Retry-After says after a 429, then succeeds", async () => {
    const server = await serve([
      { status: 429, headers: { "retry-after": "2" }, body: '{"error":{"message":"slow down"}}' },
      { content: "ok" },
    ]);
    const { waits, sleep } = recordingSleep();
    expect(await call(server, { sleep })).toMatchObject({ content: "ok", attempts: 2 });
    expect(waits).toEqual([2_000]);
  });

  it("reads Retry-After as an HTTP date and caps long waits at 30 s", async () => {
    const inFiveSeconds = new Date(Date.now() + 5_000).toUTCString();
    const server = await serve([
      { status: 503, headers: { "retry-after": inFiveSeconds } },
      { status: 429, headers: { "retry-after": "3600" } },
      { content: "ok" },
    ]);
    const { waits, sleep } = recordingSleep();
    expect(await call(server, { sleep })).toMatchObject({ attempts: 3 });
    expect(waits[0]).toBeGreaterThan(3_000);
    expect(waits[0]).toBeLessThanOrEqual(5_000);
    expect(waits[1]).toBe(30_000);
  });

  it("retries server errors with growing, jittered backoff", async () => {
    const server = await serve([{ status: 500 }, { status: 502 }, { content: "ok" }]);
    const { waits, sleep } = recordingSleep();
    expect(await call(server, { sleep, backoffMs: 100 })).toMatchObject({ content: "ok", attempts: 3 });
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it("gives up after maxAttempts transient errors with the last status and body", async () => {
    const server = await serve([{ status: 503, body: "x".repeat(3_000) }]);
    const { sleep } = recordingSleep();
    const error = await failure(call(server, { sleep, maxAttempts: 2 }));
    expect(error).toMatchObject({ kind: "http", status: 503, attempts: 2 });
    expect(error.body).toHaveLength(2_000);
    expect(server.requests).toHaveLength(2);
  });

  it("fails at once on a wrong API key (401)", async () => {
    const server = await serve([{ content: "never" }], "sk-right");
    const { waits, sleep } = recordingSleep();
    const error = await failure(call(server, { apiKey: "sk-wrong", sleep }));
    expect(error).toMatchObject({ kind: "http", status: 401, attempts: 1 });
    expect(JSON.parse(error.body!)).toMatchObject({ error: { code: "invalid_api_key" } });
    expect(waits).toEqual([]);
  });

  it.each([400, 403, 404, 422])("does not retry HTTP %i", async (status) => {
    const server = await serve([{ status, body: "{}" }]);
    expect(await failure(call(server, { sleep: recordingSleep().sleep }))).toMatchObject({
      kind: "http",
      status,
      attempts: 1,
    });
    expect(server.requests).toHaveLength(1);
  });

  it("times out a hanging server per attempt and retries up to maxAttempts", async () => {
    const server = await serve([{ hang: true }]);
    const { waits, sleep } = recordingSleep();
    const started = performance.now();
    const error = await failure(call(server, { timeoutMs: 150, maxAttempts: 3, sleep }));
    expect(error).toMatchObject({ kind: "timeout", attempts: 3 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * 150 - 20);
    expect(server.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("recovers when only the first attempt hangs", async () => {
    const server = await serve((index) => (index === 0 ? { hang: true } : { content: "ok" }));
    expect(await call(server, { timeoutMs: 150, sleep: recordingSleep().sleep })).toMatchObject({
      content: "ok",
      attempts: 2,
    });
  });

  it("retries network errors", async () => {
    const closed = await startFakeChatCompletionsServer({ respond: () => ({ content: "unused" }) });
    await closed.close();
    const { sleep } = recordingSleep();
    expect(await failure(call(closed, { sleep, maxAttempts: 2 }))).toMatchObject({ kind: "network", attempts: 2 });
  });

  it("stops promptly when cancelled during the backoff", async () => {
    const server = await serve([{ status: 503 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const error = await failure(call(server, { signal: controller.signal, backoffMs: 20_000 }));
    expect(error).toMatchObject({ kind: "cancelled", attempts: 1 });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("stops promptly when cancelled while an injected sleep is still waiting, or while a request hangs", async () => {
    const server = await serve([{ status: 503 }, { hang: true }]);
    const never = () => new Promise<void>(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await failure(call(server, { signal: controller.signal, sleep: never }))).toMatchObject({
      kind: "cancelled",
      attempts: 1,
    });

    const hanging = new AbortController();
    setTimeout(() => hanging.abort(), 100);
    const started = performance.now();
    expect(
      await failure(call(server, { signal: hanging.signal, timeoutMs: 10_000, sleep: recordingSleep().sleep })),
    ).toMatchObject({ kind: "cancelled" });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("does not start when the signal is already cancelled", async () => {
    const server = await serve([{ content: "ok" }]);
    expect(await failure(call(server, { signal: AbortSignal.abort() }))).toMatchObject({
      kind: "cancelled",
      attempts: 0,
    });
    expect(server.requests).toHaveLength(0);
  });
});
