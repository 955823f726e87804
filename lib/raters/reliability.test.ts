// Dawid–Skene and MACE on simulated judgments with a known truth: three
// careful raters, one who answers at random, one who always says "violating".
import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { dawidSkene, type NominalLabels } from "./dawid-skene";
import { mace } from "./mace";

const CLASSES = ["not_applicable", "non_violating", "violating"] as const;

function simulate(items: number, seed: number) {
  const random = mulberry32(seed);
  // Truth: mostly not applicable, some violating.
  const truth = Array.from({ length: items }, () => {
    const u = random();
    return u < 0.5 ? 0 : u < 0.8 ? 1 : 2;
  });
  const raters = [
    (t: number) => (random() < 0.9 ? t : Math.floor(random() * 3)),
    (t: number) => (random() < 0.85 ? t : Math.floor(random() * 3)),
    (t: number) => (random() < 0.9 ? t : Math.floor(random() * 3)),
    () => Math.floor(random() * 3), // random
    () => 2, // always "violating"
  ];
  const data: { items: number[]; raters: number[]; labels: number[] } = { items: [], raters: [], labels: [] };
  truth.forEach((t, item) =>
    raters.forEach((label, rater) => {
      data.items.push(item);
      data.raters.push(rater);
      data.labels.push(label(t));
    }),
  );
  const labels: NominalLabels = { classes: CLASSES, ...data, itemCount: items, raterCount: raters.length };
  return { truth, labels };
}

const argmax = (row: number[]) => row.indexOf(Math.max(...row));

describe("reliability models", () => {
  it("Dawid–Skene recovers each rater's accuracy and the true labels", () => {
    const { truth, labels } = simulate(400, 7);
    const fit = dawidSkene(labels);
    // A careful rater's chance of the true class: p + (1 − p)/3.
    expect(fit.accuracy[0]).toBeCloseTo(0.9 + 0.1 / 3, 1);
    expect(fit.accuracy[1]).toBeCloseTo(0.85 + 0.15 / 3, 1);
    expect(fit.accuracy[3]).toBeLessThan(0.45); // random: 1/3
    expect(fit.accuracy[4]).toBeLessThan(0.3); // always violating: right only on the violating fifth
    expect(fit.confusion[4]![0]![2]).toBeGreaterThan(0.95);
    const right = truth.filter((t, item) => argmax(fit.posterior[item]!) === t).length;
    expect(right / truth.length).toBeGreaterThan(0.97);
    // Every posterior is a distribution.
    for (const row of fit.posterior) expect(row.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 9);
  });

  it("Dawid–Skene on raters who always agree puts each item's posterior on their label", () => {
    const labels: NominalLabels = {
      classes: ["a", "b"],
      items: [0, 0, 1, 1, 2, 2],
      raters: [0, 1, 0, 1, 0, 1],
      labels: [0, 0, 1, 1, 0, 0],
      itemCount: 3,
      raterCount: 2,
    };
    const fit = dawidSkene(labels);
    expect(fit.posterior.map(argmax)).toEqual([0, 1, 0]);
    expect(fit.posterior[1]![1]).toBeGreaterThan(0.99);
    expect(fit.priors[0]).toBeCloseTo(2 / 3, 2);
  });

  it("MACE gives the careful raters high competence and the random and constant raters low", () => {
    const { truth, labels } = simulate(400, 11);
    const fit = mace(labels);
    for (const careful of [0, 1, 2]) expect(fit.competence[careful]).toBeGreaterThan(0.75);
    expect(fit.competence[3]).toBeLessThan(0.35);
    expect(fit.competence[4]).toBeLessThan(0.35);
    // The constant rater's spam is all "violating".
    expect(fit.spamDistribution[4]![2]).toBeGreaterThan(0.9);
    const right = truth.filter((t, item) => argmax(fit.posterior[item]!) === t).length;
    expect(right / truth.length).toBeGreaterThan(0.95);
  });
});

describe("rater leniency", () => {
  it("finds the lenient and the severe rater in score points, and shrinks a rater with few items towards 0", async () => {
    const { raterLeniency } = await import("./leniency");
    const random = mulberry32(5);
    const shift = [0, 0.8, -0.8, 0, 1.5];
    const data: { items: number[]; raters: number[]; scores: number[] } = { items: [], raters: [], scores: [] };
    for (let item = 0; item < 300; item += 1) {
      const quality = 1 + random() * 4;
      for (let rater = 0; rater < 5; rater += 1) {
        // Rater 4 rates only 3 items: their large shift should be pulled towards 0.
        if (rater === 4 && item >= 3) continue;
        data.items.push(item);
        data.raters.push(rater);
        data.scores.push(quality + shift[rater]! + (random() - 0.5));
      }
    }
    const fit = raterLeniency({ ...data, raterCount: 5 });
    // Effects are relative to the others on the same items: the mean shift of the other raters is subtracted.
    expect(fit.effect[1]).toBeGreaterThan(0.6);
    expect(fit.effect[2]).toBeLessThan(-0.6);
    expect(Math.abs(fit.effect[0]!)).toBeLessThan(0.25);
    expect(fit.compared[4]).toBe(3);
    // Rater 4's unshrunk effect: their score minus the others' mean, averaged over their three items.
    const rawFour =
      [0, 1, 2]
        .map((item) => {
          const onItem = data.items.flatMap((at, n) => (at === item ? [n] : []));
          const own = onItem.find((n) => data.raters[n] === 4)!;
          const others = onItem.filter((n) => n !== own).map((n) => data.scores[n]!);
          return data.scores[own]! - others.reduce((sum, score) => sum + score, 0) / others.length;
        })
        .reduce((sum, difference) => sum + difference, 0) / 3;
    expect(fit.effect[4]!).toBeGreaterThan(0);
    expect(fit.effect[4]!).toBeLessThan(rawFour);
  });
});
