// An SME's review of a pairwise judge verdict: the pair page (the prompt once,
// Response 1 and Response 2 side by side, the systems hidden, the side fixed
// at the claim) with the form pre-filled with the judge's verdict, rationale
// and rubric. Ctrl+Enter confirms them; editing a field corrects it.
import type { Metadata } from "next";
import { PairRatingClient } from "@/components/pairwise/pair-rating-client";
import { PairTranscripts } from "@/components/pairwise/pair-transcripts";
import { requirePageActor } from "@/lib/auth/page-guard";
import { signInUrl } from "@/lib/auth/sign-in-url";
import { orNotFound } from "@/lib/http/or-not-found";
import { getPairReview } from "@/lib/pairwise/pair-review";
import { pairReviewQueueUrls } from "@/lib/pairwise/queue-urls";
import { PairGuidelines } from "@/components/pairwise/pair-guidelines";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review the judge's comparison" };

export default async function PairReviewPage({
  params,
  searchParams,
}: {
  params: Promise<{ judgeEvalId: string }>;
  searchParams: Promise<{ submitted?: string }>;
}) {
  const [{ judgeEvalId }, { submitted }] = await Promise.all([params, searchParams]);
  const returnTo = `/review/pair/${judgeEvalId}`;
  const actor = await requirePageActor({ returnTo, action: "review.work" });
  const review = await orNotFound(getPairReview({ actor, judgeEvalId }));
  const draft =
    typeof review.draft === "object" && review.draft !== null && !Array.isArray(review.draft)
      ? (review.draft as Record<string, unknown>)
      : null;
  return (
    <>
      <PairTranscripts
        prompt={review.task.prompt}
        responses={[review.responses[0].transcript, review.responses[1].transcript]}
        caption={
          <>
            <h1>Review the judge&apos;s comparison</h1>
            <p className="help-block">
              {review.suite.name} · task <code>{review.task.task_id}</code> · judge <code>{review.judgeModel}</code>
            </p>
            <p className="help-block" data-testid="pair-review-help">
              The form holds the judge&apos;s verdict, rationale and scores. Press Ctrl+Enter to confirm them, or change
              what you disagree with first. Your review is stored as two new hybrid records; the judge&apos;s records
              are never changed.
            </p>
            <PairGuidelines text={review.guidelines} />
          </>
        }
      />
      <PairRatingClient
        assignmentId={review.judgeEvalId}
        suiteId={review.suite.id}
        api={`/api/pairwise/reviews/${review.judgeEvalId}`}
        queue={pairReviewQueueUrls(review.suite.id)}
        prefill={review.prefill}
        submitLabel="Submit review"
        server={{ draft, version: review.draftVersion }}
        task={review.task as Record<string, unknown>}
        submitted={review.status === "reviewed"}
        signInUrl={signInUrl(returnTo)}
        afterSubmit={submitted === "1"}
        verdictOnly={review.verdictOnly}
        hasGuidelines={review.guidelines.trim() !== ""}
      />
    </>
  );
}
