// Items, suites and judge prefills for the security drills, created through
// the app's HTTP API as its admin (the same calls the CLI and the e2e seeds make).
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { randomUUID } from "node:crypto";
import { api, type DrillApp, type DrillUser } from "./drill-app";

export async function importItems(app: DrillApp, lines: unknown[], fileName = "drill.jsonl"): Promise<string> {
  const created = await api(app, "/api/imports", {
    cookie: app.admin.cookie,
    body: { format: "items", file_name: fileName },
  });
  if (created.status !== 201) throw new Error(`create import: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const read = await api(app, `/api/imports/${id}/file`, {
    method: "PUT",
    cookie: app.admin.cookie,
    headers: { "content-type": "application/x-ndjson" },
    rawBody: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
  const report = (await read.json()) as { status?: string };
  if (read.status !== 200 || report.status !== "committed")
    throw new Error(`import file: ${read.status} ${JSON.stringify(report).slice(0, 500)}`);
  return id;
}

export async function createSuite(
  app: DrillApp,
  options: { name: string; key: string; raterIds: string[]; importIds: string[] },
): Promise<string> {
  const response = await api(app, "/api/suites", {
    cookie: app.admin.cookie,
    body: {
      name: options.name,
      key: options.key,
      overlap_k: 1,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: options.raterIds,
      import_ids: options.importIds,
    },
  });
  if (response.status !== 201) throw new Error(`create suite: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** The next assignment of `user` in the suite. */
export async function nextAssignment(
  app: DrillApp,
  user: DrillUser,
  suiteId: string,
): Promise<{ assignmentId: string; taskId: string }> {
  const response = await api(app, `/api/suites/${suiteId}/next`, { method: "POST", cookie: user.cookie });
  if (response.status !== 200) throw new Error(`next: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { assignment_id: string; task_id?: string; item?: { task_id?: string } };
  return { assignmentId: body.assignment_id, taskId: body.task_id ?? body.item?.task_id ?? "" };
}

export function chatItem(
  taskId: string,
  suiteKey: string,
  answer: string,
  prompt = `Question ${taskId}`,
): Record<string, unknown> {
  return {
    task: { task_id: taskId, suite_id: suiteKey, modality: "chat", prompt },
    subject: { system_under_test: "Drill Model", modality_tags: ["chat"] },
    transcript: {
      messages: [
        { role: "user", content: [{ type: "text", text: prompt }] },
        { role: "assistant", content: [{ type: "text", text: answer }] },
      ],
    },
  };
}

const likert = (score: number, rationale: string) => ({ score, confidence: "high", rationale });

/** An LLM-judge record for an item of the suite, with `text` in every free-text field. */
export function judgeRecord(
  taskId: string,
  suiteKey: string,
  text: string,
  prompt = `Question ${taskId}`,
): Record<string, unknown> {
  return {
    schema_version: "1.0.0",
    eval_id: randomUUID(),
    created_at: "2026-11-20T09:00:00.000Z",
    rater: { type: "llm_judge", id: "drill-judge#0123456789ab", model: "drill-judge", n_samples: 1 },
    task: { task_id: taskId, suite_id: suiteKey, modality: "chat", prompt },
    subject: { system_under_test: "Drill Model", modality_tags: ["chat"] },
    universal: {
      helpfulness: likert(3, text),
      instruction_following: likert(5, text),
      faithfulness: likert(5, text),
      safety_overall: likert(5, text),
      overall_quality: likert(4, text),
    },
    safety: { is_violating_any: false, privacy: { verdict: "non_violating" } },
    refusal: { refusal_observed: false, appropriateness: "n/a" },
    freeform: { notes: text },
  };
}

export async function importPrefills(
  app: DrillApp,
  suiteId: string,
  records: Record<string, unknown>[],
): Promise<void> {
  const response = await api(app, `/api/suites/${suiteId}/prefills?file_name=drill.jsonl`, {
    cookie: app.admin.cookie,
    headers: { "content-type": "application/x-ndjson" },
    rawBody: records.map((record) => JSON.stringify(record)).join("\n"),
  });
  if (response.status !== 201) throw new Error(`prefills: ${response.status} ${await response.text()}`);
}

/** A complete, valid draft for POST /api/records or an assignment (the rater block comes from the session). */
export function draftFor(taskId: string, text: string, prompt = `Question ${taskId}`): Record<string, unknown> {
  return {
    subject: { system_under_test: "Drill Model", modality_tags: ["chat"] },
    task: { task_id: taskId, modality: "chat", prompt },
    universal: Object.fromEntries(
      UNIVERSAL_DIMENSIONS.map((key) => [key, { score: 2, confidence: "high", rationale: text }]),
    ),
    safety: { is_violating_any: true, privacy: { verdict: "violating", severity: 2, evidence: text } },
    freeform: { notes: text, strengths: text },
  };
}
