// `evalform leaderboard EXPORT.jsonl --sidecar PAIRWISE.jsonl [--suite KEY]
// [--raters all|humans|judge] [--modality M] [--tag key=value]`: the pairwise
// leaderboard (of a slice) recomputed offline from an export's records and its
// pairwise sidecar, with the functions the server uses, printed as the API's
// JSON (snake_case) without the suite row. The slice is read from the
// sidecar's modalities and tags, which sidecars exported before slices lack.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { LEADERBOARD_RATERS, type LeaderboardRaters } from "@/lib/pairwise/leaderboard";
import { tagOf } from "@/lib/pairwise/leaderboard-slice";
import { leaderboardsFromFiles, PairwiseSidecarLine, type RecordFacts } from "@/lib/pairwise/sidecar";
import { deepSnakeKeys } from "@/lib/pairwise/snake-json";
import { CliError } from "./api-client";

async function* jsonLines(file: string): AsyncGenerator<{ line: number; value: unknown }> {
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() === "") continue;
    try {
      yield { line, value: JSON.parse(text) as unknown };
    } catch (error) {
      throw new CliError(`${file} line ${line}: not JSON (${(error as Error).message}); the export must be JSON Lines`);
    }
  }
}

export type LeaderboardCommandResult = { output: unknown[]; problems: string[] };

export async function runLeaderboard(options: {
  exportFile: string;
  sidecarFile: string;
  suite?: string;
  raters?: string;
  modality?: string;
  tag?: string;
}): Promise<LeaderboardCommandResult> {
  if (options.raters !== undefined && !LEADERBOARD_RATERS.includes(options.raters as LeaderboardRaters))
    throw new CliError(`--raters must be one of ${LEADERBOARD_RATERS.join(", ")}, got "${options.raters}"`, 2);
  const slice = { modality: options.modality || undefined, tag: options.tag || undefined };
  try {
    tagOf(slice);
  } catch {
    throw new CliError(`--tag must be key=value, got "${slice.tag}"`, 2);
  }
  const records = new Map<string, RecordFacts>();
  for await (const { value } of jsonLines(options.exportFile)) {
    const record = value as {
      eval_id?: unknown;
      rater?: { type?: unknown };
      universal?: { vs_reference?: unknown };
      task?: { suite_id?: unknown };
    };
    if (typeof record.eval_id !== "string") continue;
    records.set(record.eval_id, {
      preference: record.universal?.vs_reference,
      raterType: record.rater?.type,
      suiteId: record.task?.suite_id,
    });
  }
  const sidecar = [];
  for await (const { line, value } of jsonLines(options.sidecarFile)) {
    const parsed = PairwiseSidecarLine.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new CliError(`${options.sidecarFile} line ${line}: /${issue.path.join("/")}: ${issue.message}`);
    }
    if (options.suite === undefined || parsed.data.suite_id === options.suite)
      sidecar.push({ line, value: parsed.data });
  }
  if (sidecar.length === 0)
    throw new CliError(
      options.suite === undefined
        ? `${options.sidecarFile} holds no pairwise judgment`
        : `${options.sidecarFile} holds no judgment of suite "${options.suite}"`,
    );
  const { suites, problems } = leaderboardsFromFiles({
    records,
    sidecar,
    raters: options.raters as LeaderboardRaters | undefined,
    slice,
  });
  return {
    output: suites.map(({ suite, board }) => ({
      suite: deepSnakeKeys(suite),
      ...(deepSnakeKeys(board) as Record<string, unknown>),
    })),
    problems,
  };
}
