// pass@k and pass^k of a suite's agent runs, from the agent extension of its
// records. A record's pass_at_k says how many of its k trials succeeded; its
// pass_caret_k whether all k did. Runs with different k are not comparable,
// so figures are per k.
export type AgentRun = {
  passAtK?: { k?: number; successes?: number };
  passCaretK?: { k?: number; all_succeeded?: boolean };
};
export type AgentMetrics = {
  k: number;
  /** Records with pass_at_k for this k. */
  runs: number;
  /** Share of runs with at least one success among their k trials. */
  passAtK: number | null;
  /** Successes over trials, pooled. */
  trialSuccessRate: number | null;
  /** Share of runs whose pass_caret_k says every trial succeeded. */
  passCaretK: number | null;
  /** (trial success rate)^k: what pass^k would be if trials were independent. */
  passCaretKIfIndependent: number | null;
  /** Records with pass_caret_k for this k. */
  caretRuns: number;
};

export function agentMetrics(runs: AgentRun[]): AgentMetrics[] {
  const byK = new Map<
    number,
    { runs: number; anySuccess: number; successes: number; trials: number; caretRuns: number; allSucceeded: number }
  >();
  const entry = (k: number) => {
    let found = byK.get(k);
    if (!found)
      byK.set(k, (found = { runs: 0, anySuccess: 0, successes: 0, trials: 0, caretRuns: 0, allSucceeded: 0 }));
    return found;
  };
  for (const run of runs) {
    const at = run.passAtK;
    if (at && Number.isInteger(at.k) && at.k! >= 1 && Number.isInteger(at.successes)) {
      const sums = entry(at.k!);
      // A record claiming more successes than trials counts as k successes.
      const successes = Math.min(at.successes!, at.k!);
      sums.runs += 1;
      sums.trials += at.k!;
      sums.successes += successes;
      if (successes > 0) sums.anySuccess += 1;
    }
    const caret = run.passCaretK;
    if (caret && Number.isInteger(caret.k) && caret.k! >= 1 && typeof caret.all_succeeded === "boolean") {
      const sums = entry(caret.k!);
      sums.caretRuns += 1;
      if (caret.all_succeeded) sums.allSucceeded += 1;
    }
  }
  return [...byK.entries()]
    .sort(([a], [b]) => a - b)
    .map(([k, sums]) => {
      const rate = sums.trials > 0 ? sums.successes / sums.trials : null;
      return {
        k,
        runs: sums.runs,
        passAtK: sums.runs > 0 ? sums.anySuccess / sums.runs : null,
        trialSuccessRate: rate,
        passCaretK: sums.caretRuns > 0 ? sums.allSucceeded / sums.caretRuns : null,
        passCaretKIfIndependent: rate === null ? null : rate ** k,
        caretRuns: sums.caretRuns,
      };
    });
}
