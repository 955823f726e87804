// Items and suites for browser tests, created through the real HTTP API as the
// e2e admin: an import of native items, then a suite over it.
import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";

export type SeededSuite = { importId: string; suiteId: string; suiteKey: string; taskIds: string[] };

export function chatItem(taskId: string, answer: string): Record<string, unknown> {
  return {
    task: { task_id: taskId, suite_id: "e2e", modality: "chat", prompt: `Question ${taskId}` },
    subject: { system_under_test: "E2E Model", modality_tags: ["chat"] },
    transcript: {
      messages: [
        { role: "user", content: [{ type: "text", text: `Question ${taskId}` }] },
        { role: "assistant", content: [{ type: "text", text: answer }], reasoning: `Reasoning of ${taskId}` },
      ],
    },
  };
}

export async function importItems(admin: APIRequestContext, baseURL: string, lines: unknown[]): Promise<string> {
  const created = await admin.post("/api/imports", {
    data: { format: "items", file_name: "e2e.jsonl" },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  const read = await admin.put(`/api/imports/${id}/file`, {
    data: lines.map((line) => JSON.stringify(line)).join("\n"),
    headers: { origin: baseURL, "content-type": "application/x-ndjson" },
  });
  expect(read.status(), await read.text()).toBe(200);
  expect((await read.json()).status).toBe("committed");
  return id;
}

export async function seedSuite(
  admin: APIRequestContext,
  baseURL: string,
  options: { raterIds: string[]; items?: unknown[]; count?: number; k?: number; goldShare?: number },
): Promise<SeededSuite> {
  const prefix = `e2e-${randomBytes(4).toString("hex")}`;
  const items =
    options.items ??
    Array.from({ length: options.count ?? 3 }, (_, index) =>
      chatItem(`${prefix}-${index}`, `Answer ${index} of ${prefix}`),
    );
  const importId = await importItems(admin, baseURL, items);
  const suite = await admin.post("/api/suites", {
    data: {
      name: `Suite ${prefix}`,
      key: prefix,
      overlap_k: options.k ?? 1,
      gold_share: options.goldShare ?? 0,
      hold_minutes: 30,
      rater_ids: options.raterIds,
      import_ids: [importId],
    },
    headers: { origin: baseURL },
  });
  expect(suite.status(), await suite.text()).toBe(201);
  return {
    importId,
    suiteId: (await suite.json()).id,
    suiteKey: prefix,
    taskIds: items.map((item) => (item as { task: { task_id: string } }).task.task_id),
  };
}
