// The suite's leaderboard from stored judgments: whose judgments the win rates
// count, position bias per rater type (the judge's over both orders), the
// judge's flip rate, and agreement between humans and between human and judge.
import { describe, expect, it } from "vitest";
import { computeSuiteLeaderboard, type SuiteJudgment } from "./leaderboard";

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
