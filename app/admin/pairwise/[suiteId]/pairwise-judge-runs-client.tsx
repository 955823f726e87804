"use client";
// LLM judge runs of a pairwise suite: start one (each pair asked in both
// orders), watch its progress (polled while running), and read its flip rate
// and position bias; the leaderboard refreshes when a run completes.
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ProgressMeter } from "@/components/progress-meter";
import { fetchJson } from "@/lib/http/fetch-json";

type Rate = { judgments: number; rate: number | null; interval: { low: number; high: number } | null };
export type PairwiseJudgeRunView = {
  id: string;
  status: string;
  model: string;
  created_at: string;
  progress: { total: number; pending: number; stored: number; failed: number };
  consistency: { pairs: number; flips: number; flip_rate: number | null; position_bias: Rate };
  failures: { pair_id: string; task_id: string; message: string }[];
};
type Judge = { baseUrl: string; model: string; concurrency: number } | null;

const POLL_MS = 1_500;
const percent = (value: number | null) => (value === null ? "—" : `${(value * 100).toFixed(1)}%`);

export function PairwiseJudgeRunsClient({
  suiteId,
  judge,
  runs: initialRuns,
}: {
  suiteId: string;
  judge: Judge;
  runs: PairwiseJudgeRunView[];
}) {
  const router = useRouter();
  const [runs, setRuns] = useState(initialRuns);
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const running = runs.some((run) => run.status === "running");

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(async () => {
      const result = await fetchJson<{ judge_runs: PairwiseJudgeRunView[] }>(
        `/api/pairwise/suites/${suiteId}/judge-runs`,
        { method: "GET" },
      );
      if (!result.ok) return;
      setRuns(result.data.judge_runs);
      if (!result.data.judge_runs.some((run) => run.status === "running")) router.refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, suiteId, router]);

  const start = async () => {
    setFailure(null);
    setStarting(true);
    const result = await fetchJson<PairwiseJudgeRunView>(`/api/pairwise/suites/${suiteId}/judge-runs`, {
      method: "POST",
      body: {},
    });
    setStarting(false);
    if (!result.ok) return setFailure(result.message);
    setRuns((previous) => [result.data, ...previous]);
  };

  return (
    <section className="panel" aria-labelledby="judge-runs-title">
      <h2 id="judge-runs-title">LLM judge</h2>
      <p className="help-block">
        The judge sees every pair twice, the responses swapped (as Arena-Hard does). Its two verdicts are combined — the
        mean on the −2…2 scale, rounded toward a tie — into two llm_judge records per pair, which SMEs can confirm or
        correct in review. The flip rate is the share of pairs whose verdict changes direction when the order changes;
        the position bias is the share of its raw verdicts (both orders) that went to the response shown first.
      </p>
      {judge ? (
        <p>
          <button type="button" className="btn" onClick={start} disabled={starting || running}>
            Run the judge over every pair
          </button>{" "}
          <span className="help-block">
            <code>{judge.model}</code> at <code>{judge.baseUrl}</code>
          </span>
        </p>
      ) : (
        <p>
          No judge endpoint is configured. Set <code>EVALFORM_JUDGE_BASE_URL</code> and{" "}
          <code>EVALFORM_JUDGE_MODEL</code> (and <code>EVALFORM_JUDGE_API_KEY</code>) and restart.
        </p>
      )}
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <ul className="suite-list">
        {runs.map((run) => (
          <li key={run.id} data-testid="pairwise-judge-run" data-status={run.status}>
            <p>
              <code>{run.model}</code> · {run.status} · started {run.created_at.slice(0, 16).replace("T", " ")}
            </p>
            <ProgressMeter
              label={`Judge run ${run.id.slice(0, 8)}`}
              value={run.progress.stored + run.progress.failed}
              max={run.progress.total}
              detail={`${run.progress.stored} stored, ${run.progress.failed} failed of ${run.progress.total} pairs`}
            />
            <p data-testid="pairwise-judge-run-consistency">
              Flip rate {percent(run.consistency.flip_rate)} ({run.consistency.flips} of {run.consistency.pairs} pairs)
              · position bias {percent(run.consistency.position_bias.rate)} for the first-shown response
              {run.consistency.position_bias.interval
                ? ` (95% ${percent(run.consistency.position_bias.interval.low)} – ${percent(run.consistency.position_bias.interval.high)})`
                : ""}
            </p>
            {run.failures.length > 0 ? (
              <details>
                <summary>{run.failures.length} failed pairs</summary>
                <ul>
                  {run.failures.map((entry) => (
                    <li key={entry.pair_id}>
                      {entry.task_id}: {entry.message}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
