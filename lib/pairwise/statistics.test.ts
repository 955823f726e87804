import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { preferenceAgreement } from "./agreement";
import { bradleyTerry, PRIOR_TIES } from "./bradley-terry";
import type { PairwiseJudgment } from "./judgment";
import { computeLeaderboard } from "./leaderboard";
import { fitLogistic, isExtremeChange, lengthControlledWinRate, logistic, LOGISTIC_PENALTY } from "./length-controlled";
import { mirrorPreference, PREFERENCE_LEVELS, preferenceRank, preferenceScore } from "./preference";
import { simulateJudgments } from "./simulate";
import { positionBias, winRateAgainst } from "./win-rate";

function judgment(first: string, second: string, preference: string, extra: Partial<PairwiseJudgment> = {}) {
  return {
    unit: `${first}-${second}`,
    first,
    second,
    preference,
    firstShownLeft: true,
    firstLength: 100,
    secondLength: 100,
    ...extra,
  };
}

describe("preference levels", () => {
  it("are the schema's five, mirrored, scored win/tie/loss and ranked 1–5", () => {
    expect(PREFERENCE_LEVELS).toEqual(["much_worse", "worse", "equivalent", "better", "much_better"]);
    expect(PREFERENCE_LEVELS.map(mirrorPreference)).toEqual([
      "much_better",
      "better",
      "equivalent",
      "worse",
      "much_worse",
    ]);
    expect(PREFERENCE_LEVELS.map(preferenceScore)).toEqual([0, 0, 0.5, 1, 1]);
    expect(PREFERENCE_LEVELS.map(preferenceRank)).toEqual([1, 2, 3, 4, 5]);
    expect(() => preferenceScore("best")).toThrow(/not a vs_reference level/);
  });
});

describe("win rate against a baseline", () => {
  // Hand-checked: A vs base — 3 wins (one recorded from the baseline's side), 1 tie, 1 loss → 3.5 / 5.
  const judgments = [
    judgment("A", "base", "better"),
    judgment("A", "base", "much_better"),
    judgment("base", "A", "worse"),
    judgment("A", "base", "equivalent"),
    judgment("A", "base", "worse"),
    judgment("B", "base", "much_worse"),
  ];

  it("counts ties half, reads either side and ignores other pairs", () => {
    const rate = winRateAgainst(judgments, "A", "base");
    expect(rate).toMatchObject({ wins: 3, ties: 1, losses: 1, judgments: 5, rate: 0.7 });
    expect(rate.interval!.low).toBeLessThanOrEqual(0.7);
    expect(rate.interval!.high).toBeGreaterThanOrEqual(0.7);
    expect(rate.interval!.low).toBeGreaterThanOrEqual(0);
    expect(rate.interval!.high).toBeLessThanOrEqual(1);
    expect(winRateAgainst(judgments, "A", "base")).toEqual(rate);
    expect(winRateAgainst(judgments, "base", "A").rate).toBeCloseTo(0.3, 12);
  });

  it("has no rate and no interval without judgments", () => {
    expect(winRateAgainst(judgments, "C", "base")).toMatchObject({ judgments: 0, rate: null, interval: null });
  });

  it("covers the true win rate in about 95% of seeded simulations", () => {
    const truth = 0.65;
    const random = mulberry32(7);
    let covered = 0;
    const runs = 300;
    for (let run = 0; run < runs; run += 1) {
      const sample = Array.from({ length: 120 }, (_, index) =>
        judgment("A", "base", random() < truth ? "better" : "worse", { unit: `task-${index}` }),
      );
      const { interval } = winRateAgainst(sample, "A", "base", { samples: 400, seed: run });
      if (interval!.low <= truth && truth <= interval!.high) covered += 1;
    }
    expect(covered / runs).toBeGreaterThan(0.9);
    expect(covered / runs).toBeLessThan(0.99);
  });
});

describe("position bias", () => {
  it("is the share of verdicts for the left response, ties half", () => {
    const judgments = [
      judgment("A", "B", "better", { firstShownLeft: true }), // left won
      judgment("A", "B", "better", { firstShownLeft: false }), // right won
      judgment("A", "B", "worse", { firstShownLeft: false }), // left won
      judgment("A", "B", "equivalent", { firstShownLeft: false }),
    ];
    expect(positionBias(judgments)).toMatchObject({ wins: 2, losses: 1, ties: 1, rate: 2.5 / 4 });
  });
});

describe("length-controlled win rate", () => {
  it("equals the raw win rate when lengths do not differ (hand-checked: 3 of 4)", () => {
    const judgments = ["better", "better", "better", "worse"].map((p) => judgment("A", "base", p));
    const result = lengthControlledWinRate(judgments, "A", "base");
    expect(result.lengthWeight).toBe(0);
    // The stationary point of 4·σ(w) − 3 + 2λw = 0 with λ = 1/200 lies a hair below logit(0.75).
    expect(result.rate).toBeCloseTo(0.75, 2);
    expect(4 * logistic(result.intercept!) - 3 + 2 * LOGISTIC_PENALTY * result.intercept!).toBeCloseTo(0, 10);
  });

  it("reaches the penalised optimum (gradient zero)", () => {
    const feature = [-0.9, -0.2, 0.1, 0.5, 0.8, 0.3];
    const labels = [0, 0.5, 1, 1, 1, 0];
    const [w0, w1] = fitLogistic(feature, labels);
    let g0 = 2 * LOGISTIC_PENALTY * w0;
    let g1 = 2 * LOGISTIC_PENALTY * w1;
    feature.forEach((x, index) => {
      const residual = logistic(w0 + w1 * x) - labels[index]!;
      g0 += residual;
      g1 += residual * x;
    });
    expect(Math.abs(g0)).toBeLessThan(1e-9);
    expect(Math.abs(g1)).toBeLessThan(1e-9);
  });

  it("removes a preference that only follows length", () => {
    const random = mulberry32(3);
    const judgments = Array.from({ length: 400 }, () => {
      const difference = Math.round((random() - 0.3) * 600); // A is usually longer
      const preferred = random() < logistic((3 * difference) / 300);
      return judgment("A", "base", preferred ? "better" : "worse", {
        firstLength: 500 + difference,
        secondLength: 500,
      });
    });
    const raw = winRateAgainst(judgments, "A", "base").rate!;
    const controlled = lengthControlledWinRate(judgments, "A", "base");
    expect(raw).toBeGreaterThan(0.6);
    expect(controlled.lengthWeight!).toBeGreaterThan(1);
    expect(Math.abs(controlled.rate! - 0.5)).toBeLessThan(0.07);
  });
});

describe("length-controlled win rate where lengths barely overlap (seeded simulation, no length effect)", () => {
  // 150 judgments per suite, the system truly preferred 60% of the time whatever the lengths; its answers are
  // `gap` characters longer on average (both spread over 400), so the larger the gap the fewer judgments
  // have it shorter than the baseline.
  function suite(gap: number, random: () => number): PairwiseJudgment[] {
    return Array.from({ length: 150 }, (_, index) => {
      const baseLength = 200 + Math.floor(random() * 400);
      const systemLength = 200 + gap + Math.floor(random() * 400);
      return judgment("A", "base", random() < 0.6 ? "better" : "worse", {
        unit: `t${index}`,
        firstLength: systemLength,
        secondLength: baseLength,
      });
    });
  }

  it("is never a bare point: not identifiable, or given with an interval that covers the truth", () => {
    const random = mulberry32(34);
    const tally = (gap: number) => {
      let identifiable = 0;
      let covered = 0;
      for (let run = 0; run < 60; run += 1) {
        const result = lengthControlledWinRate(suite(gap, random), "A", "base", { samples: 300 });
        if (!result.identifiable) {
          expect(result).toMatchObject({ rate: null, interval: null, intercept: null, lengthWeight: null });
          expect(result.otherSide < 10 || result.otherSide < 0.05 * result.judgments).toBe(true);
          continue;
        }
        identifiable += 1;
        expect(result.interval).not.toBeNull();
        expect(result.interval!.low).toBeLessThanOrEqual(result.rate!);
        expect(result.interval!.high).toBeGreaterThanOrEqual(result.rate!);
        if (result.interval!.low <= 0.6 && 0.6 <= result.interval!.high) covered += 1;
      }
      return { identifiable, covered };
    };
    // No overlap at all: never identifiable (the old code gave a bare point anywhere in 0–1).
    expect(tally(420)).toEqual({ identifiable: 0, covered: 0 });
    // About 12% of judgments on the other side: identifiable, and the intervals cover 0.6 at about the nominal rate.
    const overlapping = tally(200);
    expect(overlapping.identifiable).toBe(60);
    expect(overlapping.covered).toBeGreaterThanOrEqual(52);
  });

  it("warns as AlpacaEval does when the rate departs far from the raw one", () => {
    expect(isExtremeChange(0.5, 0.63)).toBe(true);
    expect(isExtremeChange(0.5, 0.62)).toBe(false);
    expect(isExtremeChange(0.2, 0.09)).toBe(true);
    expect(isExtremeChange(0.2, 0.11)).toBe(false);
    // A departure past 0.15 either way is always warned of (AlpacaEval's rule alone allows up to 0.25 near 0 or 1).
    expect(isExtremeChange(0.02, 0.2)).toBe(true);
    for (const raw of [0.02, 0.3, 0.5, 0.7, 0.98])
      for (const sign of [-1, 1]) expect(isExtremeChange(raw, raw + sign * 0.151)).toBe(true);
  });

  it("moves the rate by less than 0.002 with its fixed penalty (C = 100) where lengths overlap", () => {
    const random = mulberry32(5);
    for (let run = 0; run < 20; run += 1) {
      const judgments = suite(0, random);
      const differences = judgments.map((entry) => entry.firstLength - entry.secondLength);
      const mean = differences.reduce((sum, value) => sum + value, 0) / differences.length;
      const sd = Math.sqrt(differences.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (differences.length - 1));
      const feature = differences.map((difference) => Math.tanh(difference / sd));
      const labels = judgments.map((entry) => (entry.preference === "better" ? 1 : 0));
      const penalised = logistic(fitLogistic(feature, labels)[0]);
      const unpenalised = logistic(fitLogistic(feature, labels, undefined, 0)[0]);
      expect(Math.abs(penalised - unpenalised)).toBeLessThan(0.002);
      expect(lengthControlledWinRate(judgments, "A", "base", { samples: 10 }).rate).toBeCloseTo(penalised, 12);
    }
  });
});

/** Newton's method on the BT log-likelihood with the same virtual ties: a reference independent of MM. */
function referenceBradleyTerry(judgments: readonly PairwiseJudgment[], systems: readonly string[]): number[] {
  const size = systems.length;
  const wins = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  const games = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const j of judgments) {
    const a = systems.indexOf(j.first);
    const b = systems.indexOf(j.second);
    const score = preferenceScore(j.preference);
    wins[a]![b]! += score;
    wins[b]![a]! += 1 - score;
    games[a]![b]! += 1;
    games[b]![a]! += 1;
  }
  for (let a = 0; a < size; a += 1)
    for (let b = 0; b < size; b += 1)
      if (a !== b && games[a]![b]! > 0) {
        wins[a]![b]! += PRIOR_TIES / 2;
        games[a]![b]! += PRIOR_TIES;
      }
  // Fix β_last = 0 and solve the gradient for the others, then centre.
  const beta = new Array<number>(size).fill(0);
  for (let step = 0; step < 100; step += 1) {
    const free = size - 1;
    const gradient = new Array<number>(free).fill(0);
    const hessian = Array.from({ length: free }, () => new Array<number>(free).fill(0));
    for (let a = 0; a < size; a += 1)
      for (let b = 0; b < size; b += 1) {
        if (a === b || games[a]![b]! === 0) continue;
        const p = logistic(beta[a]! - beta[b]!);
        if (a < free) {
          gradient[a]! += wins[a]![b]! - games[a]![b]! * p;
          hessian[a]![a]! -= games[a]![b]! * p * (1 - p);
          if (b < free) hessian[a]![b]! += games[a]![b]! * p * (1 - p);
        }
      }
    // Solve hessian · delta = gradient by Gaussian elimination.
    const matrix = hessian.map((row, index) => [...row, gradient[index]!]);
    for (let column = 0; column < free; column += 1)
      for (let row = column + 1; row < free; row += 1) {
        const factor = matrix[row]![column]! / matrix[column]![column]!;
        for (let k = column; k <= free; k += 1) matrix[row]![k]! -= factor * matrix[column]![k]!;
      }
    const delta = new Array<number>(free).fill(0);
    for (let row = free - 1; row >= 0; row -= 1) {
      let sum = matrix[row]![free]!;
      for (let k = row + 1; k < free; k += 1) sum -= matrix[row]![k]! * delta[k]!;
      delta[row] = sum / matrix[row]![row]!;
    }
    for (let index = 0; index < free; index += 1) beta[index]! -= delta[index]!;
  }
  const mean = beta.reduce((sum, value) => sum + value, 0) / size;
  return beta.map((value) => value - mean);
}

describe("Bradley–Terry", () => {
  it("gives the hand-checked odds for two systems (3 wins to 1)", () => {
    const judgments = [...Array(3).fill(judgment("A", "B", "better")), judgment("B", "A", "better")];
    const result = bradleyTerry(judgments, ["A", "B"]);
    // Odds (3 + prior/2) / (1 + prior/2).
    const odds = (3 + PRIOR_TIES / 2) / (1 + PRIOR_TIES / 2);
    expect(result.winMatrix[0]![1]).toBeCloseTo(odds / (1 + odds), 9);
    expect(result.winMatrix[1]![0]).toBeCloseTo(1 / (1 + odds), 9);
    expect(result.scores[0]!.strength - result.scores[1]!.strength).toBeCloseTo(Math.log(odds), 9);
    expect(result.scores.map((score) => score.rank)).toEqual([1, 2]);
    expect(result.connected).toBe(true);
  });

  it("keeps a system that lost everything finite and reports disconnected groups", () => {
    const result = bradleyTerry([judgment("A", "B", "better"), judgment("C", "D", "worse")], ["A", "B", "C", "D"]);
    expect(result.scores.every((score) => Number.isFinite(score.strength))).toBe(true);
    expect(result.connected).toBe(false);
  });

  const systems = ["strong", "middle", "weak"];
  const strengths = [0.8, 0, -0.8];
  const simulated = simulateJudgments({
    systems,
    strengths,
    tasks: 50,
    design: { kind: "all_pairs" },
    tieShare: 0.1,
    seed: 42,
  });

  it("matches a Newton reference fit on three systems × 50 tasks and ranks them by true strength", () => {
    expect(simulated).toHaveLength(150);
    const result = bradleyTerry(simulated, systems);
    const reference = referenceBradleyTerry(simulated, systems);
    result.scores.forEach((score, index) => expect(score.strength).toBeCloseTo(reference[index]!, 8));
    expect(result.scores.map((score) => score.rank)).toEqual([1, 2, 3]);
    for (const score of result.scores) {
      expect(score.ratingInterval!.low).toBeLessThanOrEqual(score.rating);
      expect(score.ratingInterval!.high).toBeGreaterThanOrEqual(score.rating);
    }
    // The predicted matrix is the logistic of strength differences.
    expect(result.winMatrix[0]![2]).toBeCloseTo(logistic(reference[0]! - reference[2]!), 8);
  });

  it("gives win rates against the baseline equal to a direct count", () => {
    const board = computeLeaderboard({ judgments: simulated, systems, baseline: "weak" });
    for (const row of board.winRates) {
      const between = simulated.filter(
        (j) => new Set([j.first, j.second]).has(row.system) && new Set([j.first, j.second]).has("weak"),
      );
      const points = between.reduce(
        (sum, j) => sum + (j.first === row.system ? preferenceScore(j.preference) : 1 - preferenceScore(j.preference)),
        0,
      );
      expect(row.rate).toBeCloseTo(points / between.length, 12);
    }
    expect(board.winRates.map((row) => row.system)).toEqual(["strong", "middle"]);
    expect(board.winRates[0]!.rate!).toBeGreaterThan(board.winRates[1]!.rate!);
  });

  it("covers the true strength in about 95% of seeded simulations", () => {
    const runs = 120;
    let covered = 0;
    for (let run = 0; run < runs; run += 1) {
      const sample = simulateJudgments({
        systems,
        strengths,
        tasks: 50,
        design: { kind: "all_pairs" },
        seed: 1000 + run,
      });
      const top = bradleyTerry(sample, systems, { samples: 300, seed: run }).scores[0]!;
      const trueRating = 1000 + (400 / Math.LN10) * strengths[0]!;
      if (top.ratingInterval!.low <= trueRating && trueRating <= top.ratingInterval!.high) covered += 1;
    }
    expect(covered / runs).toBeGreaterThan(0.88);
    expect(covered / runs).toBeLessThan(0.995);
  });
});

describe("preference agreement", () => {
  it("is 1 when raters agree, whichever side each recorded from", () => {
    const judgments = [
      judgment("A", "B", "better", { unit: "p1" }),
      judgment("B", "A", "worse", { unit: "p1" }),
      judgment("A", "B", "much_worse", { unit: "p2" }),
      judgment("A", "B", "much_worse", { unit: "p2" }),
      judgment("A", "B", "equivalent", { unit: "p3" }),
      judgment("B", "A", "equivalent", { unit: "p3" }),
    ];
    expect(preferenceAgreement(judgments)).toMatchObject({ alpha: 1, units: 3, pairable: 6 });
  });

  it("falls when raters disagree, with the report's ordinal alpha", () => {
    const judgments = [
      judgment("A", "B", "better", { unit: "p1" }),
      judgment("A", "B", "much_worse", { unit: "p1" }),
      judgment("A", "B", "worse", { unit: "p2" }),
      judgment("A", "B", "much_better", { unit: "p2" }),
    ];
    expect(preferenceAgreement(judgments).alpha!).toBeLessThan(0);
  });
});
