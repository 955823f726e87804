// The work of a busy afternoon, over HTTP, each part counting what the app
// acknowledged: raters racing for the last slots of a suite, one rater's
// records from many requests at once, exports, an item import, a judge run
// with an SME reviewing its prefills as they arrive.
import { randomUUID } from "node:crypto";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { validateAgainstContract } from "@/lib/aif/validate";
import { judgmentOf } from "@/lib/review/field-decisions";
import { nativeItem } from "@/lib/testing/test-items";
import { call } from "./http";

export type App = { url: string };

/** Imports native items through the HTTP API; returns the import id. */
export async function importItems(
  app: App,
  cookie: string,
  taskIds: string[],
): Promise<{ id: string; status: string; imported: number }> {
  const created = await call(
    app.url,
    "/api/imports",
    { cookie },
    { body: { format: "items", file_name: "workload.jsonl" } },
  );
  if (created.status !== 201) throw new Error(`import: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const read = await call(
    app.url,
    `/api/imports/${id}/file`,
    { cookie },
    { method: "PUT", rawBody: taskIds.map((taskId) => JSON.stringify(nativeItem(taskId))).join("\n") },
  );
  const summary = (await read.json()) as { status: string; imported: number };
  return { id, status: summary.status, imported: summary.imported };
}

export async function createSuite(
  app: App,
  cookie: string,
  options: { key: string; k: number; raterIds: string[]; importIds: string[] },
): Promise<string> {
  const response = await call(
    app.url,
    "/api/suites",
    { cookie },
    {
      body: {
        name: `Suite ${options.key}`,
        key: options.key,
        overlap_k: options.k,
        gold_share: 0,
        hold_minutes: 30,
        rater_ids: options.raterIds,
        import_ids: options.importIds,
      },
    },
  );
  if (response.status !== 201) throw new Error(`suite: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export function ratingDraft(): Record<string, unknown> {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return rest;
}

/** A rater takes and submits items of a suite until it says finished; returns the eval_ids acknowledged. */
export async function rateUntilFinished(
  app: App,
  cookie: string,
  suiteId: string,
): Promise<{ acknowledged: string[]; statuses: string[] }> {
  const acknowledged: string[] = [];
  const statuses: string[] = [];
  for (;;) {
    const next = await call(app.url, `/api/suites/${suiteId}/next`, { cookie }, { method: "POST" });
    statuses.push(`next ${next.status}`);
    const body = (await next.json()) as { assignment_id: string | null; reason?: string };
    if (next.status !== 200) throw new Error(`next: ${next.status} ${JSON.stringify(body)}`);
    if (body.assignment_id === null) {
      if (body.reason === "finished") return { acknowledged, statuses };
      await new Promise((resolve) => setTimeout(resolve, 30));
      continue;
    }
    const submitted = await call(
      app.url,
      `/api/assignments/${body.assignment_id}/submit`,
      { cookie },
      { body: { draft: ratingDraft() } },
    );
    statuses.push(`submit ${submitted.status}`);
    if (submitted.status === 201) acknowledged.push(((await submitted.json()) as { eval_id: string }).eval_id);
  }
}

/** `total` free-form records by one rater from `clients` requests at once; returns eval_id per task id for each 201. */
export async function submitFreeForm(
  app: App,
  cookie: string,
  options: { tag: string; total: number; clients: number },
): Promise<{ acknowledged: Map<string, string>; statuses: Map<string, number> }> {
  const acknowledged = new Map<string, string>();
  const statuses = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (next < options.total) {
        const taskId = `${options.tag}-${next++}`;
        const draft = withoutRater(chatDraft({ task: { ...chatDraft().task, task_id: taskId } }));
        const response = await fetch(`${app.url}/api/records`, {
          method: "POST",
          headers: { cookie, origin: app.url, "content-type": "application/json", "idempotency-key": randomUUID() },
          body: JSON.stringify(draft),
        });
        const status = String(response.status);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const answer = (await response.json().catch(() => ({}))) as { eval_id?: string };
        if (response.status === 201 && answer.eval_id) acknowledged.set(taskId, answer.eval_id);
      }
    }),
  );
  return { acknowledged, statuses };
}

export type ExportCheck = {
  status: number;
  announced: number;
  lines: number;
  invalid: number;
  distinct: number;
  evalIds: Set<string>;
};

/** One JSONL export read to its end: the count it announced, the lines that came, how many break the verbatim schema. */
export async function exportAll(app: App, cookie: string, query = ""): Promise<ExportCheck> {
  // Started with a POST (the filter as its body), then the file fetched.
  const filter = Object.fromEntries([...new URLSearchParams(query.replace(/^&/, ""))]);
  const started = await fetch(`${app.url}/api/exports`, {
    method: "POST",
    headers: { cookie, origin: app.url, "content-type": "application/json" },
    body: JSON.stringify({ format: "jsonl", ...filter }),
  });
  if (started.status !== 201)
    return { status: started.status, announced: -1, lines: 0, invalid: 0, distinct: 0, evalIds: new Set() };
  const response = await fetch(`${app.url}${((await started.json()) as { file: string }).file}`, {
    headers: { cookie, origin: app.url },
  });
  const announced = Number(response.headers.get("x-export-count") ?? -1);
  const text = await response.text();
  const lines = text.split("\n").filter((line) => line.length > 0);
  const evalIds = new Set<string>();
  let invalid = 0;
  for (const line of lines) {
    const record = JSON.parse(line) as { eval_id: string };
    evalIds.add(record.eval_id);
    if (validateAgainstContract(record).length > 0) invalid++;
  }
  return { status: response.status, announced, lines: lines.length, invalid, distinct: evalIds.size, evalIds };
}

/** An SME reviews prefills as a judge run stores them, until the run is over and the queue is empty. */
export async function reviewWhileJudging(
  app: App,
  options: { smeCookie: string; adminCookie: string; suiteId: string; runId: string },
): Promise<{ acknowledged: string[]; runStatus: string }> {
  const acknowledged: string[] = [];
  for (;;) {
    const next = await call(
      app.url,
      `/api/suites/${options.suiteId}/review-next`,
      { cookie: options.smeCookie },
      { method: "POST" },
    );
    const { judge_eval_id: judgeEvalId } = (await next.json()) as { judge_eval_id: string | null };
    if (judgeEvalId === null) {
      const run = (await (
        await call(app.url, `/api/judge-runs/${options.runId}`, { cookie: options.adminCookie })
      ).json()) as { status: string };
      if (run.status !== "running" && run.status !== "pending") {
        // One last look: a prefill stored just before the run ended.
        const last = await call(
          app.url,
          `/api/suites/${options.suiteId}/review-next`,
          { cookie: options.smeCookie },
          { method: "POST" },
        );
        if (((await last.json()) as { judge_eval_id: string | null }).judge_eval_id === null)
          return { acknowledged, runStatus: run.status };
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const task = (await (await call(app.url, `/api/reviews/${judgeEvalId}`, { cookie: options.smeCookie })).json()) as {
      judge_record: Record<string, unknown>;
    };
    const submitted = await call(
      app.url,
      `/api/reviews/${judgeEvalId}/submit`,
      { cookie: options.smeCookie },
      { body: { draft: judgmentOf(task.judge_record) } },
    );
    if (submitted.status === 201) acknowledged.push(((await submitted.json()) as { eval_id: string }).eval_id);
    else throw new Error(`review submit: ${submitted.status} ${await submitted.text()}`);
  }
}
