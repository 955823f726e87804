// The rating page: the item on one side, the AIF form on the other, with the
// task and subject filled from the item.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RatingScreen } from "@/components/rating/rating-screen";
import { requirePageActor } from "@/lib/auth/page-guard";
import { assignmentPosition, getAssignment } from "@/lib/queues/assignments";
import { guidelinesOfSuite } from "@/lib/suites/guidelines";
import { raterQueueUrls } from "@/lib/queues/open-next-item";
import { SUITE_PAUSED_MESSAGE } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { raterBlockFor } from "@/lib/records/rater-block";
import { orNotFound } from "@/lib/http/or-not-found";
import { signInUrl } from "@/lib/auth/sign-in-url";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rate" };

export default async function RatePage({ params }: { params: Promise<{ assignmentId: string }> }) {
  const { assignmentId } = await params;
  const actor = await requirePageActor({ returnTo: `/rate/${assignmentId}`, action: "queue.work" });
  const assignment = await orNotFound(getAssignment({ rater: userRater(actor), assignmentId }));
  const position = await assignmentPosition({ rater: userRater(actor), assignmentId });
  const rater = raterBlockFor({ actor, requested: undefined });
  if (!rater.ok) notFound();
  return (
    <RatingScreen
      signInUrl={signInUrl(`/rate/${assignmentId}`)}
      assignment={assignment}
      assignmentApi={`/api/assignments/${assignment.id}`}
      queue={raterQueueUrls(assignment.suite.id)}
      rater={rater.block}
      guidelines={await guidelinesOfSuite(assignment.suite.id)}
      position={position}
      canSkip
      canCorrect
      caption={
        <>
          <p className="help-block">
            {assignment.suite.name} · task <code>{assignment.item.task.task_id}</code>
          </p>
          {assignment.suite.paused ? (
            <p className="notice notice-warning" role="status" data-testid="suite-paused">
              {SUITE_PAUSED_MESSAGE}
            </p>
          ) : null}
        </>
      }
    />
  );
}
