// The Idempotency-Key rules over HTTP against the running app: a replay, the
// same key with another body, a malformed key.
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { drillCase, type DrillCase } from "../support/drill";

type Answer = { status: number; replayed: boolean; evalId?: string; issues: { path?: string; rule?: string }[] };

async function post(url: string, cookie: string, key: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${url}/api/records`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await response.json().catch(() => ({}))) as { eval_id?: string; errors?: Answer["issues"] };
  return {
    status: response.status,
    replayed: response.headers.get("idempotent-replayed") === "true",
    evalId: json.eval_id,
    issues: json.errors ?? [],
  };
}

export async function idempotencyCases(options: { url: string; cookie: string; runTag: string }): Promise<DrillCase[]> {
  const { url, cookie } = options;
  const draft = (suffix: string) =>
    withoutRater(chatDraft({ task: { ...chatDraft().task, task_id: `${options.runTag}-key-${suffix}` } }));
  const key = `${options.runTag}-key`;
  const first = await post(url, cookie, key, draft("a"));
  const again = await post(url, cookie, key, draft("a"));
  const other = await post(url, cookie, key, draft("b"));
  const tooLong = await post(url, cookie, "k".repeat(256), draft("c"));
  const replayOk =
    first.status === 201 && !first.replayed && again.status === 201 && again.replayed && again.evalId === first.evalId;
  const issue = (answer: Answer) => answer.issues.map((found) => `${found.path} ${found.rule}`).join(", ");
  return [
    drillCase({
      name: "Idempotency-Key over HTTP: a repeat is replayed, a reused key or a malformed one refused",
      tried: 4,
      refused: [other, tooLong].filter((answer) => answer.status === 422).length,
      lost: 0,
      duplicated: again.evalId !== undefined && again.evalId !== first.evalId ? 1 : 0,
      ok:
        replayOk &&
        other.status === 422 &&
        issue(other) === "/headers/Idempotency-Key idempotencyKeyReused" &&
        tooLong.status === 422 &&
        issue(tooLong) === "/headers/Idempotency-Key idempotencyKeyFormat",
      detail: `first ${first.status}; repeat ${again.status}${again.replayed ? " Idempotent-Replayed: true" : ""} ${again.evalId === first.evalId ? "same eval_id" : "ANOTHER eval_id"}; same key, other body ${other.status} (${issue(other)}); 256-character key ${tooLong.status} (${issue(tooLong)})`,
    }),
  ];
}
