// A seeded simulation of suites with a known truth, for checking the
// estimators' claims: coverage of the 95 % intervals, widths against the
// human-only interval at equal human ratings, and what theory predicts.
// Each suite rates one system; the systems differ in the judge's bias, slope
// and noise. Humans rate Y = q + e (q the item's quality), the judge reports
// f = bias + slope·q + ε with ε's spread σᵢ varying by item (and reported, as an
// n-sample judge's spread is), so an active design has something to act on.
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { designHumanOnlyMean, designMean } from "./design-mean";
import { classicalMean, type Interval } from "./interval";
import { ppiMean } from "./ppi-mean";

export type JudgeProfile = { system: string; truth: number; bias: number; slope: number; noise: number };

export const JUDGE_PROFILES: JudgeProfile[] = [
  { system: "close judge", truth: 3.0, bias: 0.6, slope: 0.9, noise: 0.4 },
  { system: "noisy judge", truth: 3.5, bias: -0.3, slope: 1.0, noise: 0.9 },
  { system: "weak judge", truth: 2.5, bias: 1.0, slope: 0.5, noise: 1.0 },
];
export const UNINFORMATIVE_JUDGE: JudgeProfile = {
  system: "uninformative judge",
  truth: 3.2,
  bias: 0.5,
  slope: 0,
  noise: 1,
};

const QUALITY_VARIANCE = 0.8;
const HUMAN_NOISE = 0.5;
/** E[(0.5 + U)²] for U uniform on [0, 1): the judge noise's mean square over σ². */
const NOISE_SPREAD_SQUARE = 13 / 12;
const ACTIVE_UNIFORM_MIX = 0.5;

export type SimulationOptions = {
  suites: number;
  items: number;
  humanRatings: number;
  seed: number;
  profiles: JudgeProfile[];
};

export type MethodFigures = { coverage: number; meanWidth: number };
export type ProfileFigures = {
  system: string;
  suites: number;
  correlation: number;
  /** Fixed n labelled items drawn at random (no design): PPI++ against the classical mean. */
  ppi: {
    corrected: MethodFigures;
    humanOnly: MethodFigures;
    judgeOnly: MethodFigures;
    widthRatio: number;
    theoryRatio: number;
    meanLambda: number;
  };
  /** Bernoulli(n/N) draws with the weighted (design) estimator. */
  uniform: { corrected: MethodFigures; humanOnly: MethodFigures; widthRatio: number; theoryRatio: number };
  /** Draws with probability rising with the judge's reported spread (floored), same expected n. */
  active: { corrected: MethodFigures; humanOnly: MethodFigures; widthRatioToUniformHumanOnly: number };
};

/** Corr(Y, f) of a profile, from the model above. */
export function profileCorrelation(profile: JudgeProfile): number {
  const labelVariance = QUALITY_VARIANCE + HUMAN_NOISE ** 2;
  const judgeVariance = profile.slope ** 2 * QUALITY_VARIANCE + profile.noise ** 2 * NOISE_SPREAD_SQUARE;
  return (profile.slope * QUALITY_VARIANCE) / Math.sqrt(labelVariance * judgeVariance);
}

class Tally {
  covered = 0;
  widths = 0;
  count = 0;
  add(interval: Interval | null, truth: number) {
    if (!interval) return;
    this.count += 1;
    this.widths += interval.upper - interval.lower;
    if (interval.lower <= truth && truth <= interval.upper) this.covered += 1;
  }
  figures(): MethodFigures {
    return { coverage: this.covered / this.count, meanWidth: this.widths / this.count };
  }
}

export function simulateEstimates(options: SimulationOptions): ProfileFigures[] {
  const random = mulberry32(options.seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const { items, humanRatings } = options;
  const share = humanRatings / items;
  return options.profiles.map((profile) => {
    const tallies = {
      ppi: [new Tally(), new Tally(), new Tally()],
      uniform: [new Tally(), new Tally()],
      active: [new Tally(), new Tally()],
    };
    let lambdas = 0;
    const human = new Float64Array(items);
    const judge = new Float64Array(items);
    const spread = new Float64Array(items);
    for (let suite = 0; suite < options.suites; suite += 1) {
      for (let item = 0; item < items; item += 1) {
        const quality = profile.truth + Math.sqrt(QUALITY_VARIANCE) * normal();
        human[item] = quality + HUMAN_NOISE * normal();
        spread[item] = profile.noise * (0.5 + random());
        judge[item] =
          profile.bias + profile.slope * (quality - profile.truth) + profile.truth + spread[item]! * normal();
      }
      // No design: the first n items (already in random order) are the labelled ones.
      const labels = human.subarray(0, humanRatings);
      const ppi = ppiMean(labels, judge.subarray(0, humanRatings), judge.subarray(humanRatings));
      lambdas += ppi?.lambda ?? 0;
      tallies.ppi[0]!.add(ppi, profile.truth);
      tallies.ppi[1]!.add(classicalMean(labels), profile.truth);
      tallies.ppi[2]!.add(classicalMean(judge), profile.truth);
      const uniform = drawDesign(judge, human, new Float64Array(items).fill(share), random);
      tallies.uniform[0]!.add(designMean(uniform), profile.truth);
      tallies.uniform[1]!.add(designHumanOnlyMean(uniform), profile.truth);
      const active = drawDesign(judge, human, activeInclusion(spread, share), random);
      tallies.active[0]!.add(designMean(active), profile.truth);
      tallies.active[1]!.add(designHumanOnlyMean(active), profile.truth);
    }
    const correlation = profileCorrelation(profile);
    const [ppiCorrected, ppiHuman, ppiJudge] = tallies.ppi.map((tally) => tally.figures()) as [
      MethodFigures,
      MethodFigures,
      MethodFigures,
    ];
    const [uniformCorrected, uniformHuman] = tallies.uniform.map((tally) => tally.figures()) as [
      MethodFigures,
      MethodFigures,
    ];
    const [activeCorrected, activeHuman] = tallies.active.map((tally) => tally.figures()) as [
      MethodFigures,
      MethodFigures,
    ];
    const unlabelled = items - humanRatings;
    return {
      system: profile.system,
      suites: options.suites,
      correlation,
      ppi: {
        corrected: ppiCorrected,
        humanOnly: ppiHuman,
        judgeOnly: ppiJudge,
        widthRatio: ppiCorrected.meanWidth / ppiHuman.meanWidth,
        // PPI++ at the optimal λ: Var = (σ²_Y/n)(1 − ρ²·N/(n + N)).
        theoryRatio: Math.sqrt(1 - correlation ** 2 * (unlabelled / items)),
        meanLambda: lambdas / options.suites,
      },
      uniform: {
        corrected: uniformCorrected,
        humanOnly: uniformHuman,
        widthRatio: uniformCorrected.meanWidth / uniformHuman.meanWidth,
        // Zrnic & Candès's variance Var(Y) + E[(Y − g)²](1/π − 1) at π = n/N, over λ = 0's Var(Y)/π.
        theoryRatio: Math.sqrt(1 - (1 - share) * correlation ** 2),
      },
      active: {
        corrected: activeCorrected,
        humanOnly: activeHuman,
        widthRatioToUniformHumanOnly: activeCorrected.meanWidth / uniformHuman.meanWidth,
      },
    };
  });
}

/**
 * Inclusion rising with the judge's spread, mixed half and half with the uniform
 * design (as Zrnic & Candès mix theirs, to keep the weights bounded): every item
 * keeps at least half the uniform probability (the floor), the expected number of
 * draws stays share·N (while no probability reaches the cap of 1).
 */
export function activeInclusion(spread: Float64Array, share: number, uniformMix = ACTIVE_UNIFORM_MIX): Float64Array {
  let total = 0;
  for (const value of spread) total += value;
  const mean = total / spread.length;
  return spread.map((value) => Math.min(1, share * (uniformMix + (1 - uniformMix) * (value / mean))));
}

function drawDesign(judge: Float64Array, human: Float64Array, inclusion: Float64Array, random: () => number) {
  const labels = new Float64Array(judge.length);
  for (let item = 0; item < judge.length; item += 1) labels[item] = random() < inclusion[item]! ? human[item]! : NaN;
  return { judge, labels, inclusion };
}
