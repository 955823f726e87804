// The SME review page: the item, and the form pre-filled with the judge's
// values, each marked with the judge's value and rationale.
import type { Metadata } from "next";
import Link from "next/link";
import { RatingScreen } from "@/components/rating/rating-screen";
import { requirePageActor } from "@/lib/auth/page-guard";
import { reviewQueueUrls } from "@/lib/queues/open-next-item";
import { judgmentOf } from "@/lib/review/field-decisions";
import { getReviewTask } from "@/lib/review/review-tasks";
import { orNotFound } from "@/lib/http/or-not-found";
import { guidelinesOfSuite } from "@/lib/suites/guidelines";
import { signInUrl } from "@/lib/auth/sign-in-url";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review prefill" };

export default async function ReviewTaskPage({ params }: { params: Promise<{ judgeEvalId: string }> }) {
  const { judgeEvalId } = await params;
  const actor = await requirePageActor({ returnTo: `/review/${judgeEvalId}`, action: "review.work" });
  const task = await orNotFound(getReviewTask({ actor, judgeEvalId }));
  const judge = task.judgeRecord;
  return (
    <RatingScreen
      signInUrl={signInUrl(`/review/${judgeEvalId}`)}
      assignment={{
        id: task.judgeEvalId,
        suite: task.suite,
        item: task.item,
        draft: task.draft,
        draftVersion: task.draftVersion,
        evalId: task.hybridEvalId,
      }}
      assignmentApi={`/api/reviews/${task.judgeEvalId}`}
      queue={reviewQueueUrls(task.suite.id)}
      rater={{ type: "hybrid", id: actor.userId }}
      context={{ task: judge.task, subject: judge.subject }}
      prefill={judgmentOf(judge)}
      title="Review the judge's rating"
      guidelines={await guidelinesOfSuite(task.suite.id)}
      caption={
        <p className="help-block">
          {task.suite.name} · task <code>{judge.task.task_id}</code> · judge{" "}
          <code>{String(judge.rater.model ?? judge.rater.id ?? "")}</code>
          {typeof judge.rater.n_samples === "number" ? ` (${judge.rater.n_samples} samples)` : ""} ·{" "}
          <Link href={`/records/${judge.eval_id}`}>judge record</Link>
        </p>
      }
    />
  );
}
