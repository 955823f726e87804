// Dawid & Skene (1979), "Maximum likelihood estimation of observer error-rates
// using the EM algorithm", Applied Statistics 28(1): each item has a true class
// k with prior p_k; each rater j labels an item of class k as l with
// probability π_j[k][l] (their confusion matrix). EM from majority-vote
// posteriors: the M-step sets p and π from the posteriors (with a small
// additive smoothing so an unseen cell is not 0), the E-step sets each item's
// posterior T_i[k] ∝ p_k Π_j π_j[k][a_ij]. A rater's accuracy is Σ_k p_k π_j[k][k].
export type NominalLabels = {
  /** The labels a field can take. */
  classes: readonly string[];
  /** One entry per judgment: its item, its rater, and the index of its label in `classes`. */
  items: readonly number[];
  raters: readonly number[];
  labels: readonly number[];
  itemCount: number;
  raterCount: number;
};

export type DawidSkeneFit = {
  priors: number[];
  /** confusion[rater][true class][given label]. */
  confusion: number[][][];
  /** posterior[item][class]. */
  posterior: number[][];
  /** Σ_k p_k π_j[k][k]: the chance the rater gives the true class. */
  accuracy: number[];
  iterations: number;
};

const SMOOTHING = 0.01;

export function dawidSkene(
  data: NominalLabels,
  options: { maxIterations?: number; tolerance?: number } = {},
): DawidSkeneFit {
  const K = data.classes.length;
  const posterior = majorityPosteriors(data);
  let priors = new Array<number>(K).fill(1 / K);
  let confusion: number[][][] = [];
  let iterations = 0;
  for (; iterations < (options.maxIterations ?? 200); iterations += 1) {
    ({ priors, confusion } = maximise(data, posterior));
    const change = estimate(data, priors, confusion, posterior);
    if (change < (options.tolerance ?? 1e-7)) break;
  }
  const accuracy = confusion.map((matrix) => matrix.reduce((sum, row, k) => sum + priors[k]! * row[k]!, 0));
  return { priors, confusion, posterior, accuracy, iterations: iterations + 1 };
}

function majorityPosteriors(data: NominalLabels): number[][] {
  const K = data.classes.length;
  const votes = Array.from({ length: data.itemCount }, () => new Array<number>(K).fill(0));
  for (let n = 0; n < data.items.length; n += 1) votes[data.items[n]!]![data.labels[n]!]! += 1;
  return votes.map((row) => {
    const total = row.reduce((sum, value) => sum + value, 0);
    return total > 0 ? row.map((value) => value / total) : row.map(() => 1 / K);
  });
}

function maximise(data: NominalLabels, posterior: number[][]) {
  const K = data.classes.length;
  const priors = new Array<number>(K).fill(0);
  for (const row of posterior) row.forEach((value, k) => (priors[k]! += value));
  const itemTotal = priors.reduce((sum, value) => sum + value, 0);
  for (let k = 0; k < K; k += 1) priors[k] = priors[k]! / itemTotal;
  const confusion = Array.from({ length: data.raterCount }, () =>
    Array.from({ length: K }, () => new Array<number>(K).fill(SMOOTHING)),
  );
  for (let n = 0; n < data.items.length; n += 1) {
    const matrix = confusion[data.raters[n]!]!;
    const row = posterior[data.items[n]!]!;
    for (let k = 0; k < K; k += 1) matrix[k]![data.labels[n]!]! += row[k]!;
  }
  for (const matrix of confusion)
    for (const row of matrix) {
      const total = row.reduce((sum, value) => sum + value, 0);
      for (let l = 0; l < K; l += 1) row[l] = row[l]! / total;
    }
  return { priors, confusion };
}

/** The E-step, in place, in logs; returns the largest change of a posterior. */
function estimate(data: NominalLabels, priors: number[], confusion: number[][][], posterior: number[][]): number {
  const K = data.classes.length;
  const logs = Array.from({ length: data.itemCount }, () => priors.map((p) => Math.log(p)));
  for (let n = 0; n < data.items.length; n += 1) {
    const matrix = confusion[data.raters[n]!]!;
    const row = logs[data.items[n]!]!;
    for (let k = 0; k < K; k += 1) row[k]! += Math.log(matrix[k]![data.labels[n]!]!);
  }
  let change = 0;
  logs.forEach((row, item) => {
    const top = Math.max(...row);
    const weights = row.map((value) => Math.exp(value - top));
    const total = weights.reduce((sum, value) => sum + value, 0);
    for (let k = 0; k < K; k += 1) {
      const next = weights[k]! / total;
      change = Math.max(change, Math.abs(next - posterior[item]![k]!));
      posterior[item]![k] = next;
    }
  });
  return change;
}
