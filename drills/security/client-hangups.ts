// Bad-input cases of issue 33 that need more than one request: a client that
// hangs up mid-body (a raw socket), and the CLI against the served app (every
// line of an import refused; hostile text in what it prints).
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { drillCase, type DrillCase } from "../support/drill";
import { api, createToken, type DrillApp, type DrillUser } from "./support/drill-app";
import { chatItem } from "./support/seed";

/** The token /api/metrics is scraped with in the bad-input drill (its app's EVALFORM_METRICS_TOKEN). */
export const METRICS_TOKEN = "drill-metrics-token-of-at-least-32-characters";

/** Sends the head and part of a body over a raw socket, then closes the socket without sending the rest. */
async function hangUpMidBody(app: DrillApp, method: string, target: string, headers: Record<string, string>) {
  const url = new URL(app.url);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const head = [
    `${method} ${target} HTTP/1.1`,
    `Host: ${url.host}`,
    `Origin: ${app.url}`,
    "Content-Length: 100000",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  socket.write(head);
  socket.write('{"email": "someone@example.com", "password": "');
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.destroy();
}

async function statusCounts(app: DrillApp): Promise<Record<string, number>> {
  const response = await api(app, "/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(/^evalform_http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm)) {
    const status = /status="(\d+)"/.exec(match[1]!)?.[1] ?? "?";
    counts[status] = (counts[status] ?? 0) + Number(match[2]);
  }
  return counts;
}

/**
 * Three clients hang up mid-body (anonymous sign-in, a record submit, an
 * import file): each is logged as a client abort and counted as 499, never as
 * "database unavailable" and 503 (which anyone could fake that way).
 */
export async function clientHangUps(app: DrillApp, rater: DrillUser): Promise<DrillCase> {
  const before = await statusCounts(app);
  const logStart = app.process.output().length;
  const created = await api(app, "/api/imports", {
    cookie: app.admin.cookie,
    body: { format: "items", file_name: "hang-up.jsonl" },
  });
  const importId = ((await created.json()) as { id: string }).id;
  const targets: { method: string; target: string; headers: Record<string, string> }[] = [
    { method: "POST", target: "/api/auth/sign-in/email", headers: { "Content-Type": "application/json" } },
    {
      method: "POST",
      target: "/api/records",
      headers: { "Content-Type": "application/json", Cookie: rater.cookie },
    },
    {
      method: "PUT",
      target: `/api/imports/${importId}/file`,
      headers: { "Content-Type": "application/x-ndjson", Cookie: app.admin.cookie },
    },
  ];
  for (const target of targets) await hangUpMidBody(app, target.method, target.target, target.headers);
  // The server notices the closed socket on its next read.
  let after = before;
  for (let wait = 0; wait < 40; wait += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    after = await statusCounts(app);
    if ((after["499"] ?? 0) - (before["499"] ?? 0) >= targets.length) break;
  }
  const log = app.process.output().slice(logStart);
  const aborts = (after["499"] ?? 0) - (before["499"] ?? 0);
  const unavailable = (after["503"] ?? 0) - (before["503"] ?? 0);
  const unavailableLines = log.split("\n").filter((line) => line.includes("database unavailable")).length;
  const abortLines = log.split("\n").filter((line) => line.includes("client closed the request")).length;
  const ok = aborts === targets.length && unavailable === 0 && unavailableLines === 0 && abortLines === targets.length;
  return drillCase({
    name: "clients that hang up mid-body (sign-in, record, import file) are client aborts, not outages",
    tried: targets.length,
    refused: aborts,
    lost: 0,
    duplicated: 0,
    ok,
    detail: `${aborts} counted as 499, ${unavailable} as 503; log: ${abortLines} "client closed the request" line(s), ${unavailableLines} "database unavailable"`,
  });
}

async function runCliAgainst(app: DrillApp, token: string, args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/evalform.mjs", ...args], {
      env: { ...process.env, EVALFORM_URL: app.url, EVALFORM_TOKEN: token },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/**
 * `evalform import items` on a file whose every line is refused exits 1 and
 * prints each refused line; the file's hostile text (an OSC 52 clipboard
 * write, a screen clear, 8-bit CSI) comes back escaped, never raw.
 */
export async function cliEveryLineRefused(app: DrillApp): Promise<DrillCase> {
  const { token } = await createToken(app, app.admin, ["admin"]);
  const dir = await mkdtemp(path.join(tmpdir(), "evalform-drill-cli-"));
  try {
    const file = path.join(dir, "all-refused.jsonl");
    await writeFile(
      file,
      [
        "not json",
        // Items that are valid but for one field, named with control characters: the refusal names that field.
        JSON.stringify({ ...chatItem("cli-1", "cli", "a"), ["\u001b]52;c;cHduZWQ=\u0007"]: 1 }),
        JSON.stringify({ ...chatItem("cli-2", "cli", "b"), ["\u001b[2J\u009b31mall lines accepted\r"]: 2 }),
      ].join("\n"),
    );
    const { code, stdout, stderr } = await runCliAgainst(app, token, ["import", "items", file]);
    const refusedLines = stderr.split("\n").filter((line) => line.startsWith(`${file}:`)).length;
    const raw = CONTROL.test(stdout) || CONTROL.test(stderr.replace(/\r\u001b\[K/g, ""));
    const ok = code === 1 && refusedLines === 3 && !raw && stderr.includes("\\u001b]52");
    return drillCase({
      name: "CLI: import items with every line refused exits 1, prints each line, controls escaped",
      tried: 3,
      refused: refusedLines,
      lost: 0,
      duplicated: 0,
      ok,
      detail: `exit ${code}; ${refusedLines} refused line(s) printed; ${raw ? "RAW control characters printed" : "no raw control character printed"}${ok ? "" : `; stderr: ${JSON.stringify(stderr.slice(-400))}`}`,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
