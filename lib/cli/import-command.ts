// `evalform import items|prefills|records FILE`: sends a file to the server's
// import, streamed, with upload progress; prints every refused line. With
// --stage (any kind) the import waits for a decision, taken later with
// `evalform import decide ID …`; `evalform import report ID` downloads its report.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { CliError, describeFailure, type ApiClient } from "./api-client";
import { progressOnStderr } from "./progress";
import { printErr } from "./terminal-text";

export type ImportKind = "items" | "prefills" | "records";
export type ImportOptions = {
  kind: ImportKind;
  file: string;
  format?: string;
  systemUnderTest?: string;
  suite?: string;
  storeValid?: boolean;
  /** Prefills: how a 1-10 judge score maps to 1-5. */
  scale?: string;
  /** Prefills: the judge model and version when the file does not name them (WildBench, some arena files). */
  judgeModel?: string;
  judgeVersion?: string;
  /** Prefills (inspect_scores): scorers to read as model-graded, beside model_graded_qa / model_graded_fact. */
  scorers?: string;
  /** Leave an import with refused lines awaiting the admin's decision (the web page, or `import decide`). */
  stage?: boolean;
};

async function fileBody(file: string): Promise<{ body: ReadableStream<Uint8Array>; size: number }> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw new CliError(`${file}: cannot be read`, 2);
  }
  const progress = progressOnStderr("upload", size, "bytes");
  let sent = 0;
  const counted = createReadStream(file).pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        sent += chunk.length;
        progress.update(sent);
        callback(null, chunk);
      },
      flush(callback) {
        progress.finish(`uploaded ${sent} bytes`);
        callback();
      },
    }),
  );
  return { body: Readable.toWeb(counted) as unknown as ReadableStream<Uint8Array>, size };
}

const ndjson = { "Content-Type": "application/x-ndjson" };

/** Returns the server's report; throws CliError (exit 1) when something was refused. */
export async function runImport(client: ApiClient, options: ImportOptions): Promise<unknown> {
  if (options.stage && options.storeValid) throw new CliError("choose --stage or --store-valid, not both", 2);
  // The staged protocol reads AIF prefills; another tool's judgments are read in one request (the server says so too).
  if (
    options.stage &&
    options.kind === "prefills" &&
    (options.format || options.scale || options.judgeModel || options.judgeVersion || options.scorers)
  )
    throw new CliError(
      "--stage takes AIF prefills; judge outputs (--format, --scale, --judge-model, --judge-version, --scorer) are imported in one request",
      2,
    );
  if (options.kind === "items" || options.stage) return stagedImport(client, options);
  const path =
    options.kind === "records"
      ? "/api/records/import"
      : `/api/suites/${encodeURIComponent(options.suite ?? "")}/prefills`;
  if (options.kind === "prefills" && !options.suite) throw new CliError("import prefills needs --suite SUITE_ID", 2);
  const { body } = await fileBody(options.file);
  const params = new URLSearchParams(options.storeValid ? { store_valid: "true" } : {});
  // Prefills: the judge output's format and scale mapping (lib/imports/formats.ts); the server checks them.
  if (options.kind === "prefills" && options.format) params.set("format", options.format);
  if (options.kind === "prefills" && options.scale) params.set("scale", options.scale);
  if (options.kind === "prefills" && options.judgeModel) params.set("judge_model", options.judgeModel);
  if (options.kind === "prefills" && options.judgeVersion) params.set("judge_version", options.judgeVersion);
  if (options.kind === "prefills" && options.scorers) params.set("scorer", options.scorers);
  const response = await client.fetch(`${path}?${params}`, { method: "POST", body, headers: ndjson, duplex: "half" });
  if (!response.ok) throw new CliError(await describeFailure(response));
  return response.json();
}

/** The staged protocol, the same for every kind: create the import, send its file, then decide (or leave it staged). */
async function stagedImport(client: ApiClient, options: ImportOptions): Promise<unknown> {
  if (options.kind === "prefills" && !options.suite) throw new CliError("import prefills needs --suite SUITE_ID", 2);
  const created = await client.fetch("/api/imports", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      kind: options.kind,
      file_name: options.file.split("/").pop(),
      ...(options.kind === "items" ? { format: options.format ?? "items" } : {}),
      ...(options.kind === "prefills" ? { suite_id: options.suite } : {}),
      ...(options.systemUnderTest ? { system_under_test: options.systemUnderTest } : {}),
    }),
  });
  if (!created.ok) throw new CliError(await describeFailure(created));
  const { id } = (await created.json()) as { id: string };
  const { body } = await fileBody(options.file);
  const read = await client.fetch(`/api/imports/${id}/file`, { method: "PUT", body, headers: ndjson, duplex: "half" });
  if (!read.ok) throw new CliError(await describeFailure(read));
  const summary = (await read.json()) as { status: string; refused: number };
  if (summary.status !== "awaiting_decision" && summary.status !== "refused") return summary;
  // Some lines were refused (or every line: status refused, nothing to decide): print them.
  const report = await client.fetch(`/api/imports/${id}/report`);
  const errors = report.ok
    ? (((await report.json()) as { errors?: { line: number; field: string; rule: string; message: string }[] })
        .errors ?? [])
    : [];
  for (const error of errors)
    printErr(`${options.file}:${error.line}: ${error.field || "/"} ${error.rule}: ${error.message}`);
  if (summary.status === "refused")
    throw new CliError(`every line (${summary.refused}) was refused, so nothing was imported (import ${id})`);
  if (options.stage) {
    printErr(
      `${summary.refused} lines were refused; import ${id} awaits a decision: evalform import decide ${id} import_valid_lines|discard`,
    );
    return summary;
  }
  const decision = await client.fetch(`/api/imports/${id}/decision`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ decision: options.storeValid ? "import_valid_lines" : "discard" }),
  });
  if (!decision.ok) throw new CliError(await describeFailure(decision));
  const decided = await decision.json();
  if (!options.storeValid)
    throw new CliError(
      `${summary.refused} lines were refused, so nothing was imported; fix them or rerun with --store-valid`,
    );
  return decided;
}

/** `evalform import decide ID import_valid_lines|discard`: the decision on a staged import. */
export async function decideStagedImport(client: ApiClient, importId: string, decision: string): Promise<unknown> {
  if (decision !== "import_valid_lines" && decision !== "discard")
    throw new CliError("the decision is import_valid_lines or discard", 2);
  const answer = await client.fetch(`/api/imports/${encodeURIComponent(importId)}/decision`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ decision }),
  });
  if (!answer.ok) throw new CliError(await describeFailure(answer));
  return answer.json();
}

/** `evalform import report ID`: the per-line report of any import, as the web page downloads it. */
export async function importReport(client: ApiClient, importId: string): Promise<unknown> {
  const answer = await client.fetch(`/api/imports/${encodeURIComponent(importId)}/report`);
  if (!answer.ok) throw new CliError(await describeFailure(answer));
  return answer.json();
}
