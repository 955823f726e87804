// The rating page for a visitor on a share link: same viewer and form as a
// rater's, with an end-user rater block and the share link's API.
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { RatingClient } from "@/components/rating/rating-client";
import { ItemView } from "@/components/transcript/item-view";
import { AppError } from "@/lib/errors";
import { getAssignment } from "@/lib/queues/assignments";
import { shareQueueUrls } from "@/lib/queues/open-next-item";
import { ratingContextOf } from "@/lib/queues/record-task";
import { openShareLink, shareRater, VISITOR_COOKIE } from "@/lib/share-links/service";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Rate", robots: { index: false } };

async function visitorAssignment(token: string, assignmentId: string, visitorId: string) {
  try {
    const link = await openShareLink(token);
    return await getAssignment({ rater: shareRater(link, visitorId), assignmentId });
  } catch (error) {
    if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "UNAUTHENTICATED")) notFound();
    throw error;
  }
}

export default async function ShareRatePage({ params }: { params: Promise<{ token: string; assignmentId: string }> }) {
  const { token, assignmentId } = await params;
  const visitorId = (await cookies()).get(VISITOR_COOKIE)?.value;
  if (!visitorId) notFound();
  const assignment = await visitorAssignment(token, assignmentId, visitorId);
  return (
    <div className="rating-layout">
      <section aria-label="Item to rate" className="rating-item">
        <ItemView item={assignment.item} />
      </section>
      <section aria-labelledby="rating-title" className="rating-form">
        <h1 id="rating-title">Your rating</h1>
        <RatingClient
          assignmentId={assignment.id}
          assignmentApi={`/api/share/${token}/assignments/${assignment.id}`}
          queue={shareQueueUrls(token)}
          server={{ draft: assignment.draft, version: assignment.draftVersion }}
          fixed={{ ...ratingContextOf(assignment.item, assignment.suite.key), rater: { type: "end_user", id: visitorId } }}
          submittedEvalId={assignment.evalId}
        />
      </section>
    </div>
  );
}
