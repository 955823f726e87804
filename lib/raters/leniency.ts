// A rater's severity or leniency on a Likert dimension: the additive rater
// effect of x_ij = μ_i + b_j + e_ij, estimated from each score's difference
// from the other raters' mean on the same item, then shrunk towards 0 by
// empirical Bayes (b_j · τ² / (τ² + σ²/n_j), τ² the spread of the true effects
// by the method of moments, σ² the pooled within-rater variance). Chosen over a
// many-facet Rasch model because it reads in score points ("+0.4: scores 0.4
// higher than the others on the same items"), needs no ordinal thresholds per
// dimension, and a rater with few items is pulled to 0 instead of standing out.
export type Scores = {
  items: readonly number[];
  raters: readonly number[];
  scores: readonly number[];
  raterCount: number;
};

export type LeniencyFit = { effect: (number | null)[]; compared: number[] };

export function raterLeniency(data: Scores): LeniencyFit {
  const byItem = new Map<number, { rater: number; score: number }[]>();
  data.items.forEach((item, n) => {
    let list = byItem.get(item);
    if (!list) byItem.set(item, (list = []));
    list.push({ rater: data.raters[n]!, score: data.scores[n]! });
  });
  const sums = new Array<number>(data.raterCount).fill(0);
  const squares = new Array<number>(data.raterCount).fill(0);
  const compared = new Array<number>(data.raterCount).fill(0);
  for (const list of byItem.values()) {
    if (list.length < 2) continue;
    const total = list.reduce((sum, entry) => sum + entry.score, 0);
    for (const { rater, score } of list) {
      const difference = score - (total - score) / (list.length - 1);
      sums[rater]! += difference;
      squares[rater]! += difference * difference;
      compared[rater]! += 1;
    }
  }
  const raw = sums.map((sum, j) => (compared[j]! > 0 ? sum / compared[j]! : null));
  const rated = raw.flatMap((value, j) => (value === null ? [] : [j]));
  if (rated.length === 0) return { effect: raw, compared };
  // σ²: the pooled variance of differences around each rater's own mean.
  let within = 0;
  let degrees = 0;
  for (const j of rated) {
    within += squares[j]! - compared[j]! * raw[j]! ** 2;
    degrees += compared[j]! - 1;
  }
  const sigma2 = degrees > 0 ? within / degrees : 0;
  const mean = rated.reduce((sum, j) => sum + raw[j]!, 0) / rated.length;
  const spread = rated.reduce((sum, j) => sum + (raw[j]! - mean) ** 2, 0) / Math.max(1, rated.length - 1);
  const noise = rated.reduce((sum, j) => sum + sigma2 / compared[j]!, 0) / rated.length;
  const tau2 = Math.max(0, spread - noise);
  const effect = raw.map((value, j) =>
    value === null ? null : tau2 + sigma2 / compared[j]! > 0 ? (value * tau2) / (tau2 + sigma2 / compared[j]!) : 0,
  );
  return { effect, compared };
}
