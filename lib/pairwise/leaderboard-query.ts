// The leaderboard of a pairwise suite from the database: one judgment per
// submitted pair (its left record and sidecar row), read in one bulk query,
// then the pure statistics of lib/pairwise/leaderboard.ts.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { bulkPool } from "@/lib/db";
import type { BootstrapOptions } from "./interval";
import type { PairwiseJudgment } from "./judgment";
import { computeLeaderboard, type Leaderboard } from "./leaderboard";
import { positionBias, type RateWithInterval } from "./win-rate";
import { getPairwiseSuite, type PairwiseSuiteSummary } from "./suites";

export type PairwiseLeaderboard = Leaderboard & {
  suite: PairwiseSuiteSummary;
  /** Position bias per rater type (humans and judge separately). */
  positionBiasByRaterType: { raterType: string; bias: RateWithInterval }[];
};

/**
 * The left record of each submitted pair says everything: its system was
 * shown left, its vs_reference is the verdict from its side, and the sidecar
 * row holds the opponent and both lengths. The right record is its mirror and
 * is not read twice. The verdict and rater type are read from the sidecar's
 * copies: reading them out of 50k JSONB bodies was most of the time.
 */
export const LEADERBOARD_SQL = `
  SELECT j.pair_id, j.system, j.opponent_system, j.preference, j.response_length, j.opponent_length, j.rater_type
  FROM pairwise_judgment j
  WHERE j.suite_id = $1 AND j.shown_position = 'left'`;

type Row = [string, string, string, string, number, number, string];

export async function readPairwiseJudgments(suiteId: string): Promise<(PairwiseJudgment & { raterType: string })[]> {
  const { rows } = await bulkPool().query<Row>({ text: LEADERBOARD_SQL, values: [suiteId], rowMode: "array" });
  const judgments: (PairwiseJudgment & { raterType: string })[] = [];
  for (const [unit, first, second, preference, firstLength, secondLength, raterType] of rows) {
    judgments.push({ unit, first, second, preference, firstShownLeft: true, firstLength, secondLength, raterType });
  }
  return judgments;
}

export async function pairwiseLeaderboard(options: {
  actor: Actor;
  suiteId: string;
  bootstrap?: BootstrapOptions;
}): Promise<PairwiseLeaderboard> {
  const suite = await getPairwiseSuite(options);
  const judgments = await readPairwiseJudgments(suite.id);
  const raterTypes = [...new Set(judgments.map((judgment) => judgment.raterType))].sort();
  return {
    suite,
    ...computeLeaderboard({
      judgments,
      systems: suite.systems,
      baseline: suite.baselineSystem,
      bootstrap: options.bootstrap,
    }),
    positionBiasByRaterType: raterTypes.map((raterType) => ({
      raterType,
      bias: positionBias(
        judgments.filter((judgment) => judgment.raterType === raterType),
        options.bootstrap,
      ),
    })),
  };
}
