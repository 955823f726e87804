// The pairwise sidecar of an export (one line per pairwise record: its pair,
// opponent, shown position, lengths, a judge's raw order verdicts and its
// suite's design) and the leaderboard recomputed from an export's records plus
// that sidecar alone — with the same functions the API uses. Client-safe: no
// database; `evalform leaderboard` runs it offline.
import { z } from "zod";
import { PREFERENCE_LEVELS } from "./preference";
import {
  computeSuiteLeaderboard,
  type LeaderboardRaters,
  type SuiteJudgment,
  type SuiteLeaderboard,
} from "./leaderboard";
import type { BootstrapOptions } from "./interval";
import { pairInSlice, sliceJson, type LeaderboardSlice, type LeaderboardSliceJson } from "./leaderboard-slice";

const Preference = z.enum(PREFERENCE_LEVELS as [string, ...string[]]);

export const PairwiseSidecarLine = z.object({
  eval_id: z.string().uuid(),
  opponent_eval_id: z.string().uuid().describe("the record of the other response of the same judgment"),
  suite_id: z.string().describe("the pairwise suite's key (the records' task.suite_id)"),
  design: z.enum(["baseline", "all_pairs"]),
  baseline_system: z.string().nullable(),
  systems: z.array(z.string()).describe("the suite's systems, in its order"),
  pair_id: z.string().uuid(),
  task_id: z.string(),
  assignment_id: z.string().uuid().nullable().describe("the rater's assignment; null for an LLM judge's verdict"),
  judge_run_id: z.string().uuid().nullable(),
  system: z.string(),
  opponent_system: z.string(),
  shown_position: z
    .enum(["left", "right"])
    .describe("for a judge: left = the pair's first system, Response A in the first order asked"),
  preference: Preference.describe("a copy of the record's universal.vs_reference"),
  rater_type: z.string(),
  response_length: z.number().int().min(0),
  opponent_length: z.number().int().min(0),
  preference_shown_left: Preference.nullable().describe(
    "a judge's raw verdict from this side, this response shown left",
  ),
  preference_shown_right: Preference.nullable().describe(
    "a judge's raw verdict from this side, this response shown right",
  ),
  modalities: z
    .array(z.string())
    .optional()
    .describe("the modalities of the pair's two items (what a modality slice reads); absent in older sidecars"),
  tags: z
    .array(z.string())
    .optional()
    .describe("the key=value tags of the pair's two items (what a tag slice reads); absent in older sidecars"),
});
export type PairwiseSidecarLine = z.infer<typeof PairwiseSidecarLine>;

/** What the leaderboard reads of a record: its verdict and rater type. */
export type RecordFacts = { preference: unknown; raterType: unknown; suiteId: unknown };

export type SuiteFromFiles = {
  suite: { key: string; design: string; baselineSystem: string | null; systems: string[] };
  board: SuiteLeaderboard & { slice: LeaderboardSliceJson };
};

/**
 * The leaderboard of each suite in the sidecar, from the left lines whose
 * record is in the export. The verdict and rater type are read from the
 * record itself (the sidecar's copies are checked against it), so the
 * leaderboard follows the records; a line whose record or opponent is missing,
 * or disagrees with it, is a problem named by its line. A slice keeps the
 * pairs the sidecar's modalities and tags put in it, as the API's query does;
 * a sidecar written before it carried them cannot be sliced and says so.
 */
export function leaderboardsFromFiles(options: {
  records: ReadonlyMap<string, RecordFacts>;
  sidecar: readonly { line: number; value: PairwiseSidecarLine }[];
  raters?: LeaderboardRaters;
  slice?: LeaderboardSlice;
  bootstrap?: BootstrapOptions;
}): { suites: SuiteFromFiles[]; problems: string[] } {
  const problems: string[] = [];
  const slice = options.slice ?? {};
  const sliced = slice.modality !== undefined || slice.tag !== undefined;
  const bySuite = new Map<string, { suite: SuiteFromFiles["suite"]; judgments: SuiteJudgment[] }>();
  for (const { line, value } of options.sidecar) {
    const record = options.records.get(value.eval_id);
    if (!record) {
      problems.push(`sidecar line ${line}: record ${value.eval_id} is not in the export`);
      continue;
    }
    if (record.preference !== value.preference || record.raterType !== value.rater_type)
      problems.push(
        `sidecar line ${line}: record ${value.eval_id} says ${String(record.preference)} by ${String(record.raterType)}, the sidecar ${value.preference} by ${value.rater_type}`,
      );
    if (!options.records.has(value.opponent_eval_id))
      problems.push(`sidecar line ${line}: the opponent record ${value.opponent_eval_id} is not in the export`);
    if (value.shown_position !== "left") continue;
    if (sliced && (value.modalities === undefined || value.tags === undefined)) {
      problems.push(
        `sidecar line ${line}: no modalities or tags (a sidecar exported before slices); it cannot be sliced`,
      );
      continue;
    }
    const entry = bySuite.get(value.suite_id) ?? {
      suite: {
        key: value.suite_id,
        design: value.design,
        baselineSystem: value.baseline_system,
        systems: value.systems,
      },
      judgments: [],
    };
    // The suite is listed even when the slice keeps none of its pairs: an empty slice is an answer.
    bySuite.set(value.suite_id, entry);
    if (sliced && !pairInSlice(slice, { modalities: value.modalities!, tags: value.tags! })) continue;
    const preference = typeof record.preference === "string" ? record.preference : value.preference;
    entry.judgments.push({
      unit: value.pair_id,
      first: value.system,
      second: value.opponent_system,
      preference,
      firstShownLeft: true,
      firstLength: value.response_length,
      secondLength: value.opponent_length,
      raterType: typeof record.raterType === "string" ? record.raterType : value.rater_type,
      orders:
        value.preference_shown_left !== null && value.preference_shown_right !== null
          ? { shownLeft: value.preference_shown_left, shownRight: value.preference_shown_right }
          : null,
    });
  }
  const suites = [...bySuite.values()].map(({ suite, judgments }) => ({
    suite,
    board: {
      slice: sliceJson(slice),
      ...computeSuiteLeaderboard({
        judgments,
        systems: suite.systems,
        baseline: suite.baselineSystem,
        raters: options.raters,
        bootstrap: options.bootstrap,
      }),
    },
  }));
  return { suites, problems };
}
