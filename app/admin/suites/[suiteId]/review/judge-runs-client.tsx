"use client";
// Judge runs of a suite: start one (samples per item, temperature), watch
// progress (polled while a run is running), cancel.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { ProgressMeter } from "@/components/progress-meter";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type Progress = { total: number; pending: number; running: number; stored: number; failed: number; cancelled: number };
type Run = {
  id: string;
  status: string;
  model: string;
  n_samples: number;
  concurrency: number;
  temperature: number;
  created_at: string;
  progress: Progress;
};
type Judge = { baseUrl: string; model: string; concurrency: number } | null;

const POLL_MS = 1_500;

export function JudgeRunsClient({ suiteId, judge, runs: initialRuns }: { suiteId: string; judge: Judge; runs: Run[] }) {
  const router = useRouter();
  const [runs, setRuns] = useState(initialRuns);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ n_samples: number; temperature: number }>({
    defaultValues: { n_samples: 5, temperature: 0.7 },
  });
  const running = runs.some((run) => run.status === "running");

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(async () => {
      const result = await fetchJson<{ judge_runs: Run[] }>(`/api/suites/${suiteId}/judge-runs`, { method: "GET" });
      if (result.ok) setRuns(result.data.judge_runs);
      if (result.ok && !result.data.judge_runs.some((run) => run.status === "running")) router.refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, suiteId, router]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await fetchJson<Run>(`/api/suites/${suiteId}/judge-runs`, {
      method: "POST",
      body: { n_samples: Number(values.n_samples), temperature: Number(values.temperature) },
    });
    if (!result.ok) {
      const byField = issuesByField(result.issues);
      if (byField.get("n_samples")) return setError("n_samples", { message: byField.get("n_samples") });
      if (byField.get("temperature")) return setError("temperature", { message: byField.get("temperature") });
      return setFailure(result.message);
    }
    setRuns((previous) => [result.data, ...previous]);
  });
  const cancel = async (run: Run) => {
    const result = await fetchJson<Run>(`/api/judge-runs/${run.id}/cancel`, { method: "POST" });
    if (result.ok) setRuns((previous) => previous.map((entry) => (entry.id === run.id ? result.data : entry)));
    else setFailure(result.message);
  };

  return (
    <section className="panel" aria-labelledby="runs-title">
      <h2 id="runs-title">Judge runs</h2>
      {judge ? (
        <>
          <p className="help-block">
            Judge: <code>{judge.model}</code> at <code>{judge.baseUrl}</code>, {judge.concurrency} requests at once.
          </p>
          <form onSubmit={onSubmit} noValidate className="inline-form">
            <FormField
              id="run-samples"
              label="Samples per item"
              type="number"
              min={1}
              max={20}
              error={formState.errors.n_samples?.message}
              {...register("n_samples", { required: "Give a number of samples" })}
            />
            <FormField
              id="run-temperature"
              label="Temperature"
              type="number"
              step="0.1"
              min={0}
              max={2}
              error={formState.errors.temperature?.message}
              {...register("temperature", { required: "Give a temperature" })}
            />
            <button type="submit" className="btn" disabled={formState.isSubmitting}>
              Run the judge over this suite
            </button>
          </form>
        </>
      ) : (
        <p>
          No judge endpoint is configured. Set <code>EVALFORM_JUDGE_BASE_URL</code> and{" "}
          <code>EVALFORM_JUDGE_MODEL</code> (and <code>EVALFORM_JUDGE_API_KEY</code>) and restart, or import prefills
          above.
        </p>
      )}
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <ul className="suite-list">
        {runs.map((run) => {
          const done = run.progress.stored + run.progress.failed + run.progress.cancelled;
          return (
            <li key={run.id} data-testid="judge-run" data-status={run.status}>
              <p>
                <Link href={`/admin/judge-runs/${run.id}`}>{run.model}</Link> · {run.n_samples} samples · {run.status} ·
                started {run.created_at.slice(0, 16).replace("T", " ")}
              </p>
              <ProgressMeter
                label={`Judge run ${run.id.slice(0, 8)}`}
                value={done}
                max={run.progress.total}
                detail={`${run.progress.stored} stored, ${run.progress.failed} failed, ${run.progress.cancelled} cancelled of ${run.progress.total}`}
              />
              {run.status === "running" ? (
                <button type="button" className="btn" onClick={() => cancel(run)}>
                  Cancel run
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
