// Calls any OpenAI-compatible chat-completions endpoint, retrying what is
// worth retrying (rate limits, server errors, network failures, timeouts) and
// failing at once on what a retry cannot fix (bad request, auth, protocol).
import { backoffMs, isTransientStatus, retryAfterMs } from "./retry-delay";

export type JudgeCallErrorKind = "http" | "timeout" | "network" | "protocol" | "cancelled";

const ERROR_BODY_LIMIT = 2_000;

/** How a judge call failed: why (kind), after how many attempts, and what the server answered. */
export class JudgeCallError extends Error {
  readonly kind: JudgeCallErrorKind;
  readonly status?: number;
  readonly attempts: number;
  /** The first 2,000 characters of the response body, when there was one. */
  readonly body?: string;

  constructor(options: {
    kind: JudgeCallErrorKind;
    message: string;
    attempts: number;
    status?: number;
    body?: string;
    cause?: unknown;
  }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "JudgeCallError";
    this.kind = options.kind;
    this.attempts = options.attempts;
    if (options.status !== undefined) this.status = options.status;
    if (options.body !== undefined) this.body = options.body.slice(0, ERROR_BODY_LIMIT);
  }
}

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };
export type ChatCompletionUsage = { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };

export type ChatCompletionOptions = {
  baseUrl: string;
  apiKey?: string;
  model: string;
  messages: ChatMessage[];
  /** Sent as `response_format`, e.g. from responseFormatFor(). */
  responseFormat?: unknown;
  temperature?: number;
  seed?: number;
  /** Per attempt, covering the whole response body. */
  timeoutMs: number;
  maxAttempts: number;
  /** Base of the exponential backoff; 500 ms when not given. */
  backoffMs?: number;
  signal?: AbortSignal;
  /** Replaces the real wait between attempts (tests record the waits instead). */
  sleep?: (ms: number) => Promise<void>;
};

export type ChatCompletionResult = { content: string; attempts: number; usage?: ChatCompletionUsage };

const DEFAULT_BACKOFF_MS = 500;

// What one attempt ended with, before we know whether it was the last one.
type Failure = {
  kind: JudgeCallErrorKind;
  message: string;
  transient: boolean;
  status?: number;
  body?: string;
  cause?: unknown;
  waitMs?: number;
};
type AttemptOutcome = { ok: true; content: string; usage?: ChatCompletionUsage } | ({ ok: false } & Failure);

export async function createChatCompletion(options: ChatCompletionOptions): Promise<ChatCompletionResult> {
  if (!Number.isInteger(options.maxAttempts) || options.maxAttempts < 1)
    throw new RangeError("maxAttempts must be an integer >= 1");
  if (!(options.timeoutMs > 0)) throw new RangeError("timeoutMs must be > 0");
  const request = buildRequest(options);
  const sleep = options.sleep ?? ((ms: number) => delay(ms, options.signal));
  for (let attempt = 1; ; attempt++) {
    throwIfCancelled(options.signal, attempt - 1);
    const outcome = await attemptOnce(request, options);
    if (outcome.ok)
      return { content: outcome.content, attempts: attempt, ...(outcome.usage ? { usage: outcome.usage } : {}) };
    if (!outcome.transient || attempt >= options.maxAttempts) throw toError(outcome, attempt);
    await pauseUnlessCancelled(
      outcome.waitMs ?? backoffMs(attempt, options.backoffMs ?? DEFAULT_BACKOFF_MS),
      sleep,
      options.signal,
      attempt,
    );
  }
}

function buildRequest(options: ChatCompletionOptions): { url: string; init: RequestInit } {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const body: Record<string, unknown> = { model: options.model, messages: options.messages };
  if (options.responseFormat !== undefined) body.response_format = options.responseFormat;
  if (options.temperature !== undefined) body.temperature = options.temperature;
  if (options.seed !== undefined) body.seed = options.seed;
  return {
    url: `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`,
    init: { method: "POST", headers, body: JSON.stringify(body) },
  };
}

async function attemptOnce(
  request: { url: string; init: RequestInit },
  options: ChatCompletionOptions,
): Promise<AttemptOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const cancel = () => controller.abort();
  options.signal?.addEventListener("abort", cancel, { once: true });
  try {
    const response = await fetch(request.url, { ...request.init, signal: controller.signal });
    const text = await response.text();
    if (response.ok) return readCompletion(text);
    return {
      ok: false,
      kind: "http",
      message: `HTTP ${response.status} from ${request.url}`,
      transient: isTransientStatus(response.status),
      status: response.status,
      body: text,
      waitMs: retryAfterMs(response.headers.get("retry-after")),
    };
  } catch (error) {
    if (options.signal?.aborted)
      return {
        ok: false,
        kind: "cancelled",
        message: "judge call cancelled",
        transient: false,
        cause: options.signal.reason,
      };
    if (timedOut)
      return {
        ok: false,
        kind: "timeout",
        message: `no complete answer within ${options.timeoutMs} ms`,
        transient: true,
        cause: error,
      };
    return {
      ok: false,
      kind: "network",
      message: `network error: ${(error as Error).message}`,
      transient: true,
      cause: error,
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", cancel);
  }
}

// A 200 that is not a chat completion will not become one on retry.
function readCompletion(text: string): AttemptOutcome {
  const protocolError = (message: string): AttemptOutcome => ({
    ok: false,
    kind: "protocol",
    message,
    transient: false,
    body: text,
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return protocolError("the response body is not JSON");
  }
  const completion = parsed as { choices?: { message?: { content?: unknown } }[]; usage?: unknown } | null;
  const content = Array.isArray(completion?.choices) ? completion.choices[0]?.message?.content : undefined;
  if (typeof content !== "string") return protocolError("the response has no choices[0].message.content string");
  const usage = readUsage(completion?.usage);
  return usage ? { ok: true, content, usage } : { ok: true, content };
}

function readUsage(value: unknown): ChatCompletionUsage | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const usage: ChatCompletionUsage = {};
  for (const key of ["prompt_tokens", "completion_tokens", "total_tokens"] as const) {
    const count = (value as Record<string, unknown>)[key];
    if (typeof count === "number") usage[key] = count;
  }
  return Object.keys(usage).length > 0 ? usage : undefined;
}

// The message leaves the attempt count to `attempts`, for callers to phrase.
function toError(failure: Failure, attempts: number): JudgeCallError {
  return new JudgeCallError({
    kind: failure.kind,
    message: failure.message,
    attempts,
    status: failure.status,
    body: failure.body,
    cause: failure.cause,
  });
}

function throwIfCancelled(signal: AbortSignal | undefined, attempts: number): void {
  if (signal?.aborted)
    throw toError(
      { kind: "cancelled", message: "judge call cancelled", transient: false, cause: signal.reason },
      attempts,
    );
}

// Cancellation wins over the wait, whatever `sleep` does.
async function pauseUnlessCancelled(
  ms: number,
  sleep: (ms: number) => Promise<void>,
  signal: AbortSignal | undefined,
  attempts: number,
): Promise<void> {
  if (!signal) return sleep(ms);
  throwIfCancelled(signal, attempts);
  let onAbort = () => {};
  const cancelled = new Promise<never>((_, reject) => {
    onAbort = () =>
      reject(
        toError(
          { kind: "cancelled", message: "judge call cancelled", transient: false, cause: signal.reason },
          attempts,
        ),
      );
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    await Promise.race([sleep(ms), cancelled]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

// The default wait ends early on cancellation so no timer outlives the call.
function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
