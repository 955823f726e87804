// The leaderboard of a pairwise suite from the database: one judgment per
// submitted pair (its left record and sidecar row), read in one bulk query,
// then the pure statistics of lib/pairwise/leaderboard.ts.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { bulkPool } from "@/lib/db";
import { isUuid } from "@/lib/ids";
import type { BootstrapOptions } from "./interval";
import { isSliced, sliceJson, tagOf, type LeaderboardSlice, type LeaderboardSliceJson } from "./leaderboard-slice";
import {
  computeSuiteLeaderboard,
  type LeaderboardRaters,
  type SuiteJudgment,
  type SuiteLeaderboard,
} from "./leaderboard";
import { getPairwiseSuite, type PairwiseSuiteSummary } from "./suites";

export type PairwiseLeaderboard = SuiteLeaderboard & { suite: PairwiseSuiteSummary; slice: LeaderboardSliceJson };

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

/**
 * A slice keeps the pairs one of whose two items has the modality ($2) and
 * one the tag (key $3, value $4): lib/pairwise/leaderboard-slice.ts. A
 * separate statement, so the unsliced read stays the bare scan above; only a
 * sliced read pays for the item lookups.
 */
export const SLICED_LEADERBOARD_SQL = `${LEADERBOARD_SQL}
    AND ($2::text IS NULL OR EXISTS (
      SELECT 1 FROM pairwise_pair p JOIN item i ON i.id IN (p.first_item_id, p.second_item_id)
      WHERE p.id = j.pair_id AND i.modality = $2::text))
    AND ($3::text IS NULL OR EXISTS (
      SELECT 1 FROM pairwise_pair p JOIN item i ON i.id IN (p.first_item_id, p.second_item_id)
      WHERE p.id = j.pair_id AND i.body #>> ARRAY['tags', $3::text] = $4::text))`;

type Row = [string, string, string, string, number, number, string, string | null, string | null];

export async function readPairwiseJudgments(suiteId: string, slice: LeaderboardSlice = {}): Promise<SuiteJudgment[]> {
  const tag = tagOf(slice);
  const { rows } = await bulkPool().query<Row>(
    isSliced(slice)
      ? {
          text: SLICED_LEADERBOARD_SQL,
          values: [suiteId, slice.modality ?? null, tag?.key ?? null, tag?.value ?? null],
          rowMode: "array",
        }
      : { text: LEADERBOARD_SQL, values: [suiteId], rowMode: "array" },
  );
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
  /** Only the pairs of this modality or item tag; an empty slice answers no judgments, not an error. */
  slice?: LeaderboardSlice;
  bootstrap?: BootstrapOptions;
}): Promise<PairwiseLeaderboard> {
  const slice = options.slice ?? {};
  tagOf(slice); // a malformed tag is refused before any database work
  const suite = await getPairwiseSuite(options);
  const judgments = await readPairwiseJudgments(suite.id, slice);
  return {
    suite,
    slice: sliceJson(slice),
    ...computeSuiteLeaderboard({
      judgments,
      systems: suite.systems,
      baseline: suite.baselineSystem,
      raters: options.raters,
      bootstrap: options.bootstrap,
    }),
  };
}

export type PairwiseSliceOptions = { modalities: string[]; tags: string[] };

/**
 * What a suite's leaderboard can be sliced by: the modalities and key=value
 * tags of its pairs' items (at most 500 tags). Asked by the page beside the
 * leaderboard, not inside it, so the API's read stays one query.
 */
export async function pairwiseSliceOptions(options: { actor: Actor; suiteId: string }): Promise<PairwiseSliceOptions> {
  authorize(options.actor, "suites.manage");
  // Unknown suites have no options; the leaderboard beside it answers their 404.
  if (!isUuid(options.suiteId)) return { modalities: [], tags: [] };
  const items = `pairwise_pair p CROSS JOIN LATERAL (VALUES (p.first_item_id), (p.second_item_id)) v(item_id)
    JOIN item i ON i.id = v.item_id`;
  const [modalities, tags] = await Promise.all([
    bulkPool().query<{ value: string }>(
      `SELECT DISTINCT i.modality AS value FROM ${items} WHERE p.suite_id = $1 AND i.modality IS NOT NULL ORDER BY 1`,
      [options.suiteId],
    ),
    bulkPool().query<{ value: string }>(
      `SELECT DISTINCT t.key || '=' || t.value AS value FROM ${items}, jsonb_each_text(coalesce(i.body -> 'tags', '{}'::jsonb)) t
       WHERE p.suite_id = $1 ORDER BY 1 LIMIT 500`,
      [options.suiteId],
    ),
  ]);
  return { modalities: modalities.rows.map((row) => row.value), tags: tags.rows.map((row) => row.value) };
}
