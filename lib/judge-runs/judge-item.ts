// One item through the judge: n independent samples, each parsed against the
// judgment schema, aggregated into one AIF record draft. Any sample that
// cannot be used fails the item, with the judge's raw answers kept for the report.
import "server-only";
import type { AifDraft, ValidationIssue } from "@/lib/aif/types";
import type { JudgeEndpoint } from "@/lib/env";
import type { Item } from "@/lib/items/types";
import { aggregateJudgments } from "@/lib/judge/aggregate";
import { createChatCompletion, JudgeCallError } from "@/lib/judge/chat-completions-client";
import { parseJudgment } from "@/lib/judge/parse-judgment";
import { judgeMessages, judgeRaterId, JUDGE_PROMPT_VERSION, responseFormatFor } from "@/lib/judge/prompt";
import { ratingContextOf } from "@/lib/queues/record-task";

export type JudgeFailure = {
  stage: "request" | "answer" | "record";
  message: string;
  issues?: ValidationIssue[];
  /** The judge's raw answers, each cut to RAW_ANSWER_CHARS. */
  rawAnswers: string[];
};

export type JudgedItem =
  { ok: true; draft: AifDraft; rawAnswers: string[] } | { ok: false; cancelled: boolean; failure: JudgeFailure };

const RAW_ANSWER_CHARS = 20_000;

export type JudgeSettings = {
  endpoint: JudgeEndpoint;
  nSamples: number;
  temperature: number;
  limit: <T>(task: () => Promise<T>) => Promise<T>;
};

export async function judgeItem(options: {
  item: Item;
  suiteKey: string;
  settings: JudgeSettings;
  signal: AbortSignal;
}): Promise<JudgedItem> {
  const { item, settings } = options;
  const modality = item.task.modality;
  const messages = judgeMessages(item);
  const rawAnswers: string[] = [];
  const samples = await Promise.allSettled(
    Array.from({ length: settings.nSamples }, (_, index) =>
      settings.limit(() =>
        createChatCompletion({
          baseUrl: settings.endpoint.baseUrl,
          apiKey: settings.endpoint.apiKey,
          model: settings.endpoint.model,
          messages,
          responseFormat: responseFormatFor(modality),
          temperature: settings.temperature,
          seed: index,
          timeoutMs: settings.endpoint.timeoutMs,
          maxAttempts: settings.endpoint.maxAttempts,
          signal: options.signal,
        }),
      ),
    ),
  );
  for (const sample of samples)
    if (sample.status === "fulfilled") rawAnswers.push(sample.value.content.slice(0, RAW_ANSWER_CHARS));
  const failed = samples.find((sample) => sample.status === "rejected");
  if (failed) {
    const error = failed.reason as unknown;
    const cancelled = error instanceof JudgeCallError && error.kind === "cancelled";
    const message =
      error instanceof JudgeCallError
        ? `${error.message} (after ${error.attempts} attempt${error.attempts === 1 ? "" : "s"})${error.body ? `: ${error.body.slice(0, 500)}` : ""}`
        : String(error);
    return { ok: false, cancelled, failure: { stage: "request", message, rawAnswers } };
  }
  const judgments = [];
  for (const [index, raw] of rawAnswers.entries()) {
    const parsed = parseJudgment(raw, modality);
    if (!parsed.ok) {
      return {
        ok: false,
        cancelled: false,
        failure: {
          stage: "answer",
          message: `sample ${index + 1} of ${settings.nSamples} is not a valid judgment`,
          issues: parsed.issues,
          rawAnswers,
        },
      };
    }
    judgments.push(parsed.judgment);
  }
  const draft: AifDraft = {
    ...ratingContextOf(item, options.suiteKey),
    rater: {
      type: "llm_judge",
      id: judgeRaterId(settings.endpoint.model, modality),
      model: settings.endpoint.model,
      version: JUDGE_PROMPT_VERSION,
      n_samples: settings.nSamples,
    },
    ...(aggregateJudgments(judgments) as Record<string, unknown>),
  } as unknown as AifDraft;
  return { ok: true, draft, rawAnswers };
}
