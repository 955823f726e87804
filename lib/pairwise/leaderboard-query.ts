// The leaderboard of a pairwise suite from the database: one judgment per
// submitted pair (its left record and sidecar row), read in one bulk query,
// then the pure statistics of lib/pairwise/leaderboard.ts.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { bulkPool } from "@/lib/db";
import type { BootstrapOptions } from "./interval";
import {
  computeSuiteLeaderboard,
  type LeaderboardRaters,
  type SuiteJudgment,
  type SuiteLeaderboard,
} from "./leaderboard";
import { getPairwiseSuite, type PairwiseSuiteSummary } from "./suites";

export type PairwiseLeaderboard = SuiteLeaderboard & { suite: PairwiseSuiteSummary };

/**
 * The left record of each submitted pair says everything: its system was
 * shown left, its vs_reference is the verdict from its side, and the sidecar
 * row holds the opponent, both lengths and (for a judge) both raw order
 * verdicts. The right record is its mirror and is not read twice. The verdict
 * and rater type are read from the sidecar's copies: reading them out of 50k
 * JSONB bodies was most of the time.
 */
export const LEADERBOARD_SQL = `
  SELECT j.pair_id, j.system, j.opponent_system, j.preference, j.response_length, j.opponent_length, j.rater_type,
         j.preference_shown_left, j.preference_shown_right
  FROM pairwise_judgment j
  WHERE j.suite_id = $1 AND j.shown_position = 'left'`;

type Row = [string, string, string, string, number, number, string, string | null, string | null];

export async function readPairwiseJudgments(suiteId: string): Promise<SuiteJudgment[]> {
  const { rows } = await bulkPool().query<Row>({ text: LEADERBOARD_SQL, values: [suiteId], rowMode: "array" });
  const judgments: SuiteJudgment[] = [];
  for (const [unit, first, second, preference, firstLength, secondLength, raterType, shownLeft, shownRight] of rows) {
    const orders = shownLeft !== null && shownRight !== null ? { shownLeft, shownRight } : null;
    judgments.push({
      unit,
      first,
      second,
      preference,
      firstShownLeft: true,
      firstLength,
      secondLength,
      raterType,
      orders,
    });
  }
  return judgments;
}

export async function pairwiseLeaderboard(options: {
  actor: Actor;
  suiteId: string;
  raters?: LeaderboardRaters;
  bootstrap?: BootstrapOptions;
}): Promise<PairwiseLeaderboard> {
  const suite = await getPairwiseSuite(options);
  const judgments = await readPairwiseJudgments(suite.id);
  return {
    suite,
    ...computeSuiteLeaderboard({
      judgments,
      systems: suite.systems,
      baseline: suite.baselineSystem,
      raters: options.raters,
      bootstrap: options.bootstrap,
    }),
  };
}
