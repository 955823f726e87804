// A judge run as the API answers it (snake_case, all the way down).
import type { JudgeRunFailure, JudgeRunSummary } from "./service";

export function judgeRunJson(run: JudgeRunSummary & { failures?: JudgeRunFailure[] }) {
  return {
    id: run.id,
    suite_id: run.suiteId,
    status: run.status,
    model: run.model,
    base_url: run.baseUrl,
    prompt_version: run.promptVersion,
    n_samples: run.nSamples,
    concurrency: run.concurrency,
    temperature: run.temperature,
    created_at: run.createdAt,
    finished_at: run.finishedAt,
    progress: run.progress,
    ...(run.failures
      ? {
          failures: run.failures.map((entry) => ({
            item_id: entry.itemId,
            task_id: entry.taskId,
            attempts: entry.attempts,
            stage: entry.failure.stage,
            message: entry.failure.message,
            issues: entry.failure.issues ?? [],
            raw_answers: entry.failure.rawAnswers,
          })),
        }
      : {}),
  };
}
