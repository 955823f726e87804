// Hybrid review of a suite (admin): import judge prefills, run the judge,
// watch runs, and see how SMEs treated the judge's values.
import type { Metadata } from "next";
import Link from "next/link";
import { ReviewSummaryTables } from "@/components/review/review-summary-tables";
import { requirePageActor } from "@/lib/auth/page-guard";
import { judgeRunJson } from "@/lib/judge-runs/judge-run-json";
import { configuredJudge, listJudgeRuns } from "@/lib/judge-runs/service";
import { reviewSummary } from "@/lib/review/review-summary";
import { getSuite } from "@/lib/suites/service";
import { JudgeRunsClient } from "./judge-runs-client";
import { PrefillUploadClient } from "./prefill-upload-client";
import { orNotFound } from "@/lib/http/or-not-found";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Hybrid review" };

export default async function SuiteReviewPage({ params }: { params: Promise<{ suiteId: string }> }) {
  const { suiteId } = await params;
  const actor = await requirePageActor({ returnTo: `/admin/suites/${suiteId}/review`, action: "suites.manage" });
  const suite = await orNotFound(getSuite({ actor, suiteId }));
  const [runs, summary] = await Promise.all([listJudgeRuns({ actor, suiteId }), reviewSummary({ actor, suiteId })]);
  const judge = configuredJudge({ actor });
  return (
    <>
      <p>
        <Link href={`/admin/suites/${suite.id}`}>← {suite.name}</Link>
      </p>
      <h1>Hybrid review · {suite.name}</h1>
      <p>
        {summary.open} prefill{summary.open === 1 ? "" : "s"} waiting for an SME · {summary.reviewed} reviewed. SMEs
        assigned to this suite review its prefills under “Review”.
      </p>
      <PrefillUploadClient suiteId={suite.id} />
      <JudgeRunsClient suiteId={suite.id} judge={judge} runs={JSON.parse(JSON.stringify(runs.map(judgeRunJson)))} />
      <ReviewSummaryTables summary={summary} />
    </>
  );
}
