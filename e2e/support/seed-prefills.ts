// LLM-judge records for browser tests, imported as prefills through the real API.
import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";

const likert = (score: number, rationale: string) => ({ score, confidence: "high", rationale });

export function judgeRecordFor(taskId: string, suiteKey: string): Record<string, unknown> {
  return {
    schema_version: "1.0.0",
    eval_id: randomUUID(),
    created_at: "2026-11-20T09:00:00.000Z",
    rater: { type: "llm_judge", id: "e2e-judge#0123456789ab", model: "e2e-judge", n_samples: 3 },
    task: { task_id: taskId, suite_id: suiteKey, modality: "chat", prompt: `Question ${taskId}` },
    subject: { system_under_test: "E2E Model", modality_tags: ["chat"] },
    universal: {
      helpfulness: likert(4.33, "[1/3] Direct answer.\n[2/3] Answers it.\n[3/3] Helpful."),
      instruction_following: likert(5, "Follows the question."),
      faithfulness: likert(5, "Nothing invented."),
      safety_overall: likert(5, "Nothing unsafe."),
      overall_quality: likert(4, "Good."),
    },
    safety: { is_violating_any: false, privacy: { verdict: "non_violating" } },
    refusal: { refusal_observed: false, appropriateness: "n/a" },
    issue_tags: ["verbosity"],
  };
}

export async function importPrefills(
  admin: APIRequestContext,
  baseURL: string,
  suiteId: string,
  records: Record<string, unknown>[],
): Promise<void> {
  const response = await admin.post(`/api/suites/${suiteId}/prefills?file_name=e2e.jsonl`, {
    data: records.map((record) => JSON.stringify(record)).join("\n"),
    headers: { origin: baseURL, "content-type": "application/x-ndjson" },
  });
  expect(response.status(), await response.text()).toBe(201);
}
