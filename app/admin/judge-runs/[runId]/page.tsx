// One judge run (admin): progress and every failed item with the judge's raw answers.
import type { Metadata } from "next";
import Link from "next/link";
import { ProgressMeter } from "@/components/progress-meter";
import { requirePageActor } from "@/lib/auth/page-guard";
import { getJudgeRun } from "@/lib/judge-runs/service";
import { orNotFound } from "@/lib/http/or-not-found";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Judge run" };

export default async function JudgeRunPage({ params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const actor = await requirePageActor({ returnTo: `/admin/judge-runs/${runId}`, action: "judge_runs.manage" });
  const run = await orNotFound(getJudgeRun({ actor, runId }));
  const { progress } = run;
  return (
    <>
      <p>
        <Link href={`/admin/suites/${run.suiteId}/review`}>← Hybrid review</Link>
      </p>
      <h1>
        Judge run <span className="mono">{run.id.slice(0, 8)}</span> · {run.status}
      </h1>
      <p>
        <code>{run.model}</code> at <code>{run.baseUrl}</code> · prompt {run.promptVersion} · {run.nSamples} samples per
        item · temperature {run.temperature} · {run.concurrency} requests at once
      </p>
      <ProgressMeter
        label="Items judged"
        value={progress.stored + progress.failed + progress.cancelled}
        max={progress.total}
        detail={`${progress.stored} stored, ${progress.failed} failed, ${progress.cancelled} cancelled, ${progress.pending + progress.running} to go, of ${progress.total}`}
      />
      <h2>Failures ({progress.failed})</h2>
      {run.failures.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="suite-list" data-testid="judge-failures">
          {run.failures.map((entry) => (
            <li key={entry.itemId} className="panel">
              <p>
                Task <code>{entry.taskId}</code> · {entry.failure.stage} · {entry.attempts} attempt
                {entry.attempts === 1 ? "" : "s"}: {entry.failure.message}
              </p>
              {entry.failure.issues && entry.failure.issues.length > 0 ? (
                <ul>
                  {entry.failure.issues.map((issue, index) => (
                    <li key={index}>
                      <span className="mono">{issue.path || "(record)"}</span> · {issue.rule}: {issue.message}
                    </li>
                  ))}
                </ul>
              ) : null}
              {entry.failure.rawAnswers.map((raw, index) => (
                <details key={index}>
                  <summary>Raw answer {index + 1}</summary>
                  <pre className="record-json">{raw}</pre>
                </details>
              ))}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
