// MACE (Hovy, Berg-Kirkpatrick, Vaswani & Hovy 2013, "Learning Whom to Trust
// with MACE", NAACL): each rater j either knows (with probability θ_j, their
// competence) and gives the true label, or "spams" and draws a label from
// their own distribution ξ_j. The paper's EM with a uniform prior over the
// true label: the E-step gives each item's posterior over labels and, for each
// judgment, the chance it was spam; the M-step sets θ_j to one minus that
// chance on average and ξ_j to the spam-weighted label shares (smoothed). A
// spammer score is 1 − θ_j.
import type { NominalLabels } from "./dawid-skene";

export type MaceFit = { competence: number[]; spamDistribution: number[][]; posterior: number[][]; iterations: number };

const SMOOTHING = 0.01;

export function mace(data: NominalLabels, options: { maxIterations?: number; tolerance?: number } = {}): MaceFit {
  const K = data.classes.length;
  const competence = new Array<number>(data.raterCount).fill(0.8);
  const spamDistribution = Array.from({ length: data.raterCount }, () => new Array<number>(K).fill(1 / K));
  let posterior: number[][] = [];
  let iterations = 0;
  for (; iterations < (options.maxIterations ?? 200); iterations += 1) {
    // E-step: P(T_i = k | labels) ∝ Π_j [θ_j·[a_ij = k] + (1 − θ_j)·ξ_j(a_ij)].
    const logs = Array.from({ length: data.itemCount }, () => new Array<number>(K).fill(0));
    for (let n = 0; n < data.items.length; n += 1) {
      const j = data.raters[n]!;
      const a = data.labels[n]!;
      const row = logs[data.items[n]!]!;
      for (let k = 0; k < K; k += 1)
        row[k]! += Math.log(competence[j]! * (a === k ? 1 : 0) + (1 - competence[j]!) * spamDistribution[j]![a]!);
    }
    posterior = logs.map((row) => {
      const top = Math.max(...row);
      const weights = row.map((value) => Math.exp(value - top));
      const total = weights.reduce((sum, value) => sum + value, 0);
      return weights.map((value) => value / total);
    });
    // M-step: the expected share of each rater's judgments that were spam, and which labels spam gave.
    const spam = new Array<number>(data.raterCount).fill(0);
    const given = new Array<number>(data.raterCount).fill(0);
    const spamLabels = Array.from({ length: data.raterCount }, () => new Array<number>(K).fill(SMOOTHING));
    for (let n = 0; n < data.items.length; n += 1) {
      const j = data.raters[n]!;
      const a = data.labels[n]!;
      const row = posterior[data.items[n]!]!;
      let spamChance = 0;
      for (let k = 0; k < K; k += 1) {
        const spammed = (1 - competence[j]!) * spamDistribution[j]![a]!;
        const knew = competence[j]! * (a === k ? 1 : 0);
        spamChance += row[k]! * (spammed / (spammed + knew));
      }
      spam[j]! += spamChance;
      given[j]! += 1;
      spamLabels[j]![a]! += spamChance;
    }
    let change = 0;
    for (let j = 0; j < data.raterCount; j += 1) {
      // Kept inside (0, 1) so that neither "always knows" nor "always spams" becomes certain from few judgments.
      const next = Math.min(0.999, Math.max(0.001, 1 - (spam[j]! + SMOOTHING) / (given[j]! + 2 * SMOOTHING)));
      change = Math.max(change, Math.abs(next - competence[j]!));
      competence[j] = next;
      const total = spamLabels[j]!.reduce((sum, value) => sum + value, 0);
      spamDistribution[j] = spamLabels[j]!.map((value) => value / total);
    }
    if (change < (options.tolerance ?? 1e-7)) break;
  }
  return { competence, spamDistribution, posterior, iterations: iterations + 1 };
}
