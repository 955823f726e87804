// A client as a careful integrator would write it: each submission gets one
// Idempotency-Key, and an attempt that is not acknowledged (an error status, a
// refused or reset connection, no answer within the client's timeout) is sent
// again with the same key, with exponential backoff and jitter.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

export type Attempt = { sentAt: number; doneAt: number; outcome: string };

export type Submission = {
  index: number;
  key: string;
  attempts: Attempt[];
  /** The eval_id of every 201 answer (one per acknowledgement; replays repeat it). */
  acknowledged: string[];
  replayed: number;
  /** When the first 201 arrived (performance.now()). */
  ackedAt?: number;
};

export type ClientOptions = {
  url: () => string;
  cookie: string;
  timeoutMs: number;
  /** Give up on a submission after this long (it is then unacknowledged, not lost). */
  giveUpAfterMs: number;
};

export const HUNG = "client timeout";

export function isAcknowledgement(outcome: string): boolean {
  return outcome === "201" || outcome === "201 replayed";
}

/** Sends one submission until it is acknowledged or the client gives up. */
export async function submitUntilAcknowledged(
  options: ClientOptions,
  index: number,
  body: unknown,
): Promise<Submission> {
  const submission: Submission = { index, key: randomUUID(), attempts: [], acknowledged: [], replayed: 0 };
  const started = performance.now();
  for (let attempt = 0; performance.now() - started < options.giveUpAfterMs; attempt++) {
    const sentAt = performance.now();
    const outcome = await attemptOnce(options, submission, body);
    submission.attempts.push({ sentAt, doneAt: performance.now(), outcome });
    if (isAcknowledgement(outcome)) {
      submission.ackedAt ??= performance.now();
      return submission;
    }
    // A 4xx other than 408/429 will not change on retry: the request itself is wrong.
    if (/^4\d\d/.test(outcome) && !/^(408|429)/.test(outcome)) return submission;
    const backoff = Math.min(2_000, 100 * 2 ** Math.min(attempt, 5));
    await sleep(backoff / 2 + Math.random() * (backoff / 2));
  }
  return submission;
}

async function attemptOnce(options: ClientOptions, submission: Submission, body: unknown): Promise<string> {
  try {
    const response = await fetch(`${options.url()}/api/records`, {
      method: "POST",
      headers: {
        cookie: options.cookie,
        origin: options.url(),
        "content-type": "application/json",
        "idempotency-key": submission.key,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const answer = (await response.json().catch(() => ({}))) as { eval_id?: string };
    if (response.status === 201 && answer.eval_id) {
      submission.acknowledged.push(answer.eval_id);
      const replayed = response.headers.get("idempotent-replayed") === "true";
      if (replayed) submission.replayed++;
      return replayed ? "201 replayed" : "201";
    }
    // A 201 whose body did not arrive is not an acknowledgement: the client cannot know the eval_id.
    if (response.status === 201) return "201 without its body";
    // "Come back later" must say when (the drill checks every 503 says so).
    if (response.status === 503 && response.headers.get("retry-after") === null) return "503 without Retry-After";
    return String(response.status);
  } catch (error) {
    if ((error as Error).name === "TimeoutError") return HUNG;
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as Error).name;
  }
}
