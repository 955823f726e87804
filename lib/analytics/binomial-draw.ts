// Exact draws from the binomial and multinomial distributions, for the
// bootstrap: resampling N units with replacement and counting how many fall
// on each pattern is a multinomial draw over the patterns, so it can be made
// in a few steps per pattern instead of one random number per unit.

/**
 * One draw of Binomial(trials, probability) by inversion of its distribution
 * function, walking outward from the mode (mode, mode + 1, mode − 1, …): any
 * fixed order of the outcomes gives an exact sampler, and this one takes
 * about as many steps as the standard deviation rather than the mean.
 */
export function binomialDraw(trials: number, probability: number, random: () => number): number {
  if (trials === 0 || probability <= 0) return 0;
  if (probability >= 1) return trials;
  const odds = probability / (1 - probability);
  const mode = Math.min(trials, Math.floor((trials + 1) * probability));
  const modeProbability = Math.exp(
    logChoose(trials, mode) + mode * Math.log(probability) + (trials - mode) * Math.log1p(-probability),
  );
  let left = random() - modeProbability;
  if (left < 0) return mode;
  let above = mode;
  let below = mode;
  let aboveProbability = modeProbability;
  let belowProbability = modeProbability;
  while (above < trials || below > 0) {
    if (above < trials) {
      aboveProbability *= ((trials - above) / (above + 1)) * odds;
      above += 1;
      left -= aboveProbability;
      if (left < 0) return above;
    }
    if (below > 0) {
      belowProbability *= below / (trials - below + 1) / odds;
      below -= 1;
      left -= belowProbability;
      if (left < 0) return below;
    }
  }
  // Only rounding can get here (the probabilities summed to a hair under 1); the mode is the likeliest answer.
  return mode;
}

/**
 * Multinomial(total; weights / Σ weights) into `counts`, as a chain of
 * binomials: each category takes its share of what the ones before left.
 * Weights are whole numbers (units per pattern), so the shares are exact ratios.
 */
export function multinomialDraw(
  total: number,
  weights: ArrayLike<number>,
  counts: Float64Array,
  random: () => number,
): void {
  let weightLeft = 0;
  for (let index = 0; index < weights.length; index += 1) weightLeft += weights[index]!;
  let left = total;
  for (let index = 0; index < weights.length; index += 1) {
    const weight = weights[index]!;
    const drawn =
      left === 0 || weight === 0 ? 0 : weight >= weightLeft ? left : binomialDraw(left, weight / weightLeft, random);
    counts[index] = drawn;
    left -= drawn;
    weightLeft -= weight;
  }
}

// ln C(n, k) from log-gamma; ample precision for probabilities (relative error ~1e-10 at n = 10⁶).
function logChoose(n: number, k: number): number {
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
}

const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

// Stirling's series, after shifting small arguments up to 10 where it is accurate to ~1e-13.
function logGamma(x: number): number {
  let shift = 0;
  while (x < 10) {
    shift += Math.log(x);
    x += 1;
  }
  const inverse = 1 / x;
  const inverseSquared = inverse * inverse;
  const series = inverse * (1 / 12 - inverseSquared * (1 / 360 - inverseSquared * (1 / 1260 - inverseSquared / 1680)));
  return (x - 0.5) * Math.log(x) - x + HALF_LOG_TWO_PI + series - shift;
}
