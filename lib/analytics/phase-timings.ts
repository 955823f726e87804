// Where a report's time goes, for the benchmark and slow-report logs: each
// named phase's wall-clock milliseconds, added up when a phase runs more than once.
export type PhaseTimings = Record<string, number>;

/** Runs `work` and adds its duration to `timings[phase]` (when a collector was passed). */
export async function timedPhase<T>(
  timings: PhaseTimings | undefined,
  phase: string,
  work: () => Promise<T>,
): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    if (timings) timings[phase] = (timings[phase] ?? 0) + performance.now() - start;
  }
}

export function timedPhaseSync<T>(timings: PhaseTimings | undefined, phase: string, work: () => T): T {
  const start = performance.now();
  try {
    return work();
  } finally {
    if (timings) timings[phase] = (timings[phase] ?? 0) + performance.now() - start;
  }
}
