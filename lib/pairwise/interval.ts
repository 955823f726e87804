// Shared pieces of the pairwise bootstrap: the options, their checks and the
// percentile of sorted resample values.

export type Interval = { readonly low: number; readonly high: number };

export type BootstrapOptions = {
  /** Resamples to draw; 1000 by default. */
  samples?: number;
  /** Two-sided coverage, 0.95 by default. */
  confidence?: number;
  /** Fixed by default so a leaderboard shows the same interval on every load. */
  seed?: number;
};

export const DEFAULT_BOOTSTRAP = { samples: 1000, confidence: 0.95, seed: 20240404 } as const;

export function bootstrapSettings(options: BootstrapOptions = {}): Required<BootstrapOptions> {
  const settings = { ...DEFAULT_BOOTSTRAP, ...options };
  if (!Number.isInteger(settings.samples) || settings.samples < 1)
    throw new RangeError(`samples must be a positive integer, got ${settings.samples}.`);
  if (!(settings.confidence > 0 && settings.confidence < 1))
    throw new RangeError(`confidence must lie strictly between 0 and 1, got ${settings.confidence}.`);
  return settings;
}

/** Percentile interval of resample values (sorted here), R's type-7 quantiles. */
export function percentileInterval(values: number[], confidence: number): Interval | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const tail = (1 - confidence) / 2;
  return { low: quantile(values, tail), high: quantile(values, 1 - tail) };
}

function quantile(sorted: readonly number[], probability: number): number {
  const position = (sorted.length - 1) * probability;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}
