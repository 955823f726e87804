// `evalform export [--format FORMAT] [--manifest FILE] [--decisions FILE]
// [--adjudications FILE] [--pairwise FILE] [-o FILE] [filters…]`: streams an export from the
// server to stdout or a file (started with POST /api/exports, fetched from the
// file it names), then fetches its manifest and its review-decision,
// adjudication and pairwise sidecars.
import { createWriteStream } from "node:fs";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { EXPORT_FORMATS, recordsInLines } from "@/lib/export/formats/registry";
import { RECORD_FILTER_KEYS } from "@/lib/export/record-filter";
import { CliError, describeFailure, type ApiClient } from "./api-client";
import { progressOnStderr } from "./progress";
import { printErr, terminalSafeStream } from "./terminal-text";

export type ExportOptions = {
  format?: string;
  manifest?: string;
  decisions?: string;
  adjudications?: string;
  /** The pairwise sidecar (issue 22): what `evalform leaderboard` needs beside the records. */
  pairwise?: string;
  output?: string;
  filter: Record<string, string | string[]>;
};

export async function runExport(
  client: ApiClient,
  options: ExportOptions,
  stdout: Writable = process.stdout,
): Promise<{ exportId: string; count: number }> {
  const body: Record<string, string | string[]> = {};
  if (options.format) body.format = options.format;
  for (const key of RECORD_FILTER_KEYS) {
    const value = options.filter[key];
    if (value !== undefined) body[key] = value;
  }
  const started = await client.fetch("/api/exports", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!started.ok) throw new CliError(await describeFailure(started));
  const prepared = (await started.json()) as { file: string; format: string };
  // Progress counts lines; the format says how many come before the records.
  const layout = EXPORT_FORMATS.find((format) => format.id === prepared.format) ?? { linesBefore: 0 };
  const response = await client.fetch(prepared.file);
  if (!response.ok || !response.body) throw new CliError(await describeFailure(response));
  const exportId = response.headers.get("x-export-id") ?? "";
  const count = Number(response.headers.get("x-export-count") ?? "0");
  const progress = progressOnStderr("export", count, "records");
  let lines = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
      progress.update(Math.min(recordsInLines(layout, lines), count));
      callback(null, chunk);
    },
  });
  const target = options.output ? createWriteStream(options.output) : stdout;
  const source = Readable.fromWeb(response.body as unknown as NodeReadableStream);
  // Printed on a terminal, the server's bytes could drive it (escape sequences): shown escaped; a file or pipe gets them as they are.
  if (target === stdout && (stdout as { isTTY?: boolean }).isTTY === true)
    await pipeline(source, counter, terminalSafeStream(), target, { end: false });
  else await pipeline(source, counter, target, { end: target !== stdout });
  progress.finish(`exported ${count} records (export ${exportId})`);

  for (const [file, path] of [
    [options.manifest, "manifest"],
    [options.decisions, "decisions"],
    [options.adjudications, "adjudications"],
    [options.pairwise, "pairwise"],
  ] as const) {
    if (!file) continue;
    const sidecar = await client.fetch(`/api/exports/${exportId}/${path}`);
    if (!sidecar.ok || !sidecar.body) throw new CliError(await describeFailure(sidecar));
    await pipeline(Readable.fromWeb(sidecar.body as unknown as NodeReadableStream), createWriteStream(file));
    printErr(`${path} written to ${file}`);
  }
  return { exportId, count };
}
