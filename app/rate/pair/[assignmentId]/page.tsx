// Rating a pair: the prompt once, Response 1 and Response 2 side by side (which
// system wrote which stays hidden; the side is the assignment's recorded
// position), the suite's guidelines, and the pair's form below (the rubric
// folded and optional in a verdict-only suite).
import type { Metadata } from "next";
import { PairRatingClient } from "@/components/pairwise/pair-rating-client";
import { PairTranscripts } from "@/components/pairwise/pair-transcripts";
import { requirePageActor } from "@/lib/auth/page-guard";
import { signInUrl } from "@/lib/auth/sign-in-url";
import { orNotFound } from "@/lib/http/or-not-found";
import { getPairAssignment } from "@/lib/pairwise/pairs";
import { PAIRWISE_SUITE_PAUSED_MESSAGE } from "@/lib/pairwise/suite-access";
import { PairGuidelines } from "@/components/pairwise/pair-guidelines";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare two responses" };

export default async function RatePairPage({
  params,
  searchParams,
}: {
  params: Promise<{ assignmentId: string }>;
  searchParams: Promise<{ submitted?: string }>;
}) {
  const [{ assignmentId }, { submitted }] = await Promise.all([params, searchParams]);
  const returnTo = `/rate/pair/${assignmentId}`;
  const actor = await requirePageActor({ returnTo, action: "queue.work" });
  const pair = await orNotFound(getPairAssignment({ actor, assignmentId }));
  const draft =
    typeof pair.draft === "object" && pair.draft !== null && !Array.isArray(pair.draft)
      ? (pair.draft as Record<string, unknown>)
      : null;
  return (
    <>
      <PairTranscripts
        prompt={pair.task.prompt}
        responses={[pair.responses[0].transcript, pair.responses[1].transcript]}
        caption={
          <>
            <h1>Compare two responses</h1>
            <p className="help-block">
              {pair.suite.name} · task <code>{pair.task.task_id}</code>
              {pair.verdictOnly ? " · your verdict and why; the scores are optional" : ""}
            </p>
            {pair.paused ? (
              <p className="notice notice-warning" role="status" data-testid="suite-paused">
                {PAIRWISE_SUITE_PAUSED_MESSAGE}
              </p>
            ) : null}
            <PairGuidelines text={pair.guidelines} />
          </>
        }
      />
      <PairRatingClient
        assignmentId={pair.id}
        suiteId={pair.suite.id}
        server={{ draft, version: pair.draftVersion }}
        task={pair.task as Record<string, unknown>}
        submitted={pair.status === "submitted"}
        skipped={pair.status === "skipped"}
        canSkip
        signInUrl={signInUrl(returnTo)}
        afterSubmit={submitted === "1"}
        verdictOnly={pair.verdictOnly}
        hasGuidelines={pair.guidelines.trim() !== ""}
      />
    </>
  );
}
