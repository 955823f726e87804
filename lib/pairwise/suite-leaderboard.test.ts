// The suite's leaderboard from stored judgments: whose judgments the win rates
// count, position bias per rater type (the judge's over both orders), the
// judge's flip rate, and agreement between humans and between human and judge.
import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { computeSuiteLeaderboard, suitePositionBias, type SuiteJudgment } from "./leaderboard";
import { simulateJudgments } from "./simulate";

const human = (unit: string, preference: string, firstShownLeft = true): SuiteJudgment => ({
  unit,
  first: "a",
  second: "b",
  preference,
  firstShownLeft,
  firstLength: 10,
  secondLength: 10,
  raterType: "human",
  orders: null,
});
const judge = (unit: string, shownLeft: string, shownRight: string, preference: string): SuiteJudgment => ({
  ...human(unit, preference),
  raterType: "llm_judge",
  orders: { shownLeft, shownRight },
});

describe("computeSuiteLeaderboard", () => {
  const judgments = [
    human("p1", "better"),
    human("p1", "much_better", false),
    human("p2", "worse"),
    human("p2", "worse"),
    human("p3", "equivalent"),
    human("p3", "better"),
    judge("p1", "better", "better", "better"),
    judge("p2", "better", "worse", "equivalent"),
    judge("p3", "much_better", "worse", "equivalent"),
  ];
  const options = { judgments, systems: ["a", "b"], baseline: "b", bootstrap: { samples: 50 } };

  it("counts all, humans or the judge in the win rates, as asked", () => {
    expect(computeSuiteLeaderboard(options).winRates[0]).toMatchObject({ judgments: 9, wins: 4, ties: 3, losses: 2 });
    expect(computeSuiteLeaderboard({ ...options, raters: "humans" }).winRates[0]).toMatchObject({
      judgments: 6,
      wins: 3,
      ties: 1,
      losses: 2,
    });
    expect(computeSuiteLeaderboard({ ...options, raters: "judge" }).winRates[0]).toMatchObject({
      judgments: 3,
      wins: 1,
      ties: 2,
    });
  });

  it("reports the judge's flip rate and its position bias over both orders", () => {
    const board = computeSuiteLeaderboard(options);
    expect(board.judgeConsistency).toMatchObject({ pairs: 3, flips: 2 });
    const bias = Object.fromEntries(board.positionBiasByRaterType.map((entry) => [entry.raterType, entry.bias]));
    // Judge: p1 left won, right lost (1 of 2); p2 and p3 left won twice → 5 of 6 to the left.
    expect(bias.llm_judge).toMatchObject({ judgments: 6, wins: 5, losses: 1 });
    // Humans: one verdict each for the left-shown response or not.
    expect(bias.human).toMatchObject({ judgments: 6 });
  });

  it("measures agreement among humans and between each human verdict and the judge's", () => {
    const board = computeSuiteLeaderboard(options);
    expect(board.agreementByRaters.humans.units).toBe(3);
    // Six human verdicts, each paired with the judge's on its pair.
    expect(board.agreementByRaters.humanJudge.units).toBe(6);
    const withoutJudge = computeSuiteLeaderboard({ ...options, judgments: judgments.filter((j) => !j.orders) });
    expect(withoutJudge.judgeConsistency).toBeNull();
    expect(withoutJudge.agreementByRaters.humans).toEqual(withoutJudge.agreement);
    expect(withoutJudge.agreementByRaters.humanJudge.units).toBe(0);
  });

  it("counts an SME's review of a judge verdict (hybrid) with the humans, never with the judge nor against it", () => {
    const hybrid = (unit: string, preference: string): SuiteJudgment => ({
      ...human(unit, preference),
      raterType: "hybrid",
    });
    const reviewed = [...judgments, hybrid("p2", "much_better"), hybrid("p3", "better")];
    const board = (raters: "humans" | "judge") =>
      computeSuiteLeaderboard({ ...options, judgments: reviewed, raters }).winRates[0];
    // Humans: the six human verdicts and the two reviews (both wins for a).
    expect(board("humans")).toMatchObject({ judgments: 8, wins: 5, ties: 1, losses: 2 });
    expect(board("judge")).toMatchObject({ judgments: 3, wins: 1, ties: 2 });
    const all = computeSuiteLeaderboard({ ...options, judgments: reviewed });
    // A review started from the judge's verdict: pairing the two would measure the prefill, so only the six
    // independent human verdicts are paired with the judge's.
    expect(all.agreementByRaters.humanJudge.units).toBe(6);
    expect(all.positionBiasByRaterType.map((entry) => entry.raterType)).toEqual(["human", "hybrid", "llm_judge"]);
  });
});

describe("the order of the rows", () => {
  it("changes nothing: the same judgments reversed or shuffled give the same leaderboard, intervals included", () => {
    const simulated = simulateJudgments({
      strengths: [0.6, 0.2, 0, -0.5],
      systems: ["w", "x", "y", "z"],
      tasks: 40,
      design: { kind: "all_pairs" },
      overlap: 2,
      tieShare: 0.1,
      seed: 34,
    });
    const asSuite = simulated.map((judgment, index): SuiteJudgment => {
      const isJudgeRow = index % 3 === 0;
      return {
        ...judgment,
        raterType: isJudgeRow ? "llm_judge" : "human",
        orders: isJudgeRow ? { shownLeft: judgment.preference, shownRight: "equivalent" } : null,
      };
    });
    const random = mulberry32(7);
    const shuffled = asSuite
      .map((judgment) => ({ judgment, key: random() }))
      .sort((a, b) => a.key - b.key)
      .map((entry) => entry.judgment);
    for (const baseline of [null, "y"]) {
      const board = (judgments: SuiteJudgment[]) =>
        computeSuiteLeaderboard({ judgments, systems: ["w", "x", "y", "z"], baseline, bootstrap: { samples: 200 } });
      const inOrder = board(asSuite);
      expect(board([...asSuite].reverse())).toEqual(inOrder);
      expect(board(shuffled)).toEqual(inOrder);
    }
  });
});

describe("the suite's position bias with no position bias anywhere (seeded simulation)", () => {
  const verdict = (random: () => number, firstWinsWith: number) =>
    random() < firstWinsWith ? (random() < 0.5 ? "much_better" : "better") : random() < 0.5 ? "much_worse" : "worse";
  const rank = (preference: string) =>
    ["much_worse", "worse", "equivalent", "better", "much_better"].indexOf(preference);
  /** A judge's stored verdict: the mean of its two raw verdicts, rounded toward a tie. */
  const combined = (left: string, right: string) =>
    ["much_worse", "worse", "equivalent", "better", "much_better"][2 + Math.trunc((rank(left) + rank(right) - 4) / 2)]!;

  function suite(random: () => number): SuiteJudgment[] {
    const systems = ["a", "b", "c"];
    const strengths = [0.8, 0, -0.6];
    const judgments: SuiteJudgment[] = [];
    for (let task = 0; task < 20; task += 1)
      for (let i = 0; i < 3; i += 1)
        for (let j = i + 1; j < 3; j += 1) {
          const firstWins = 1 / (1 + Math.exp(strengths[j]! - strengths[i]!));
          const pair = { unit: `t${task}:${i}${j}`, first: systems[i]!, second: systems[j]!, firstLength: 300 };
          // Two humans, each shown a random side; the verdict ignores the side.
          for (let copy = 0; copy < 2; copy += 1)
            judgments.push({
              ...pair,
              secondLength: 300,
              preference: verdict(random, firstWins),
              firstShownLeft: random() < 0.5,
              raterType: "human",
              orders: null,
            });
          // The judge, asked in both orders, ignoring the order too; stored as the pair's first shown left.
          const shownLeft = verdict(random, firstWins);
          const shownRight = verdict(random, firstWins);
          judgments.push({
            ...pair,
            secondLength: 300,
            preference: combined(shownLeft, shownRight),
            firstShownLeft: true,
            raterType: "llm_judge",
            orders: { shownLeft, shownRight },
          });
        }
    return judgments;
  }

  it("holds 0.5 in its interval at the nominal rate, and counts humans' verdicts and the judge's raw ones", () => {
    const random = mulberry32(2034);
    const suites = 300;
    let covered = 0;
    let sum = 0;
    for (let run = 0; run < suites; run += 1) {
      const judgments = suite(random);
      const bias = suitePositionBias(judgments, { samples: 400, seed: run + 1 });
      if (run === 0) {
        // The leaderboard's figure is this one (computed once here: the whole board is slow to repeat).
        const board = computeSuiteLeaderboard({ judgments, systems: ["a", "b", "c"], baseline: null });
        expect(board.positionBias).toEqual(suitePositionBias(judgments));
      }
      // 60 pairs: 120 human verdicts and 2 × 60 raw judge verdicts; the 60 stored judge verdicts never.
      expect(bias.judgments).toBe(240);
      sum += bias.rate!;
      if (bias.interval!.low <= 0.5 && 0.5 <= bias.interval!.high) covered += 1;
    }
    console.info(
      `position bias, no bias anywhere: mean ${(sum / suites).toFixed(4)}, 0.5 inside ${covered} of ${suites}`,
    );
    expect(Math.abs(sum / suites - 0.5)).toBeLessThan(0.01);
    expect(covered / suites).toBeGreaterThanOrEqual(0.92);
    expect(covered / suites).toBeLessThanOrEqual(0.98);
  });
});
