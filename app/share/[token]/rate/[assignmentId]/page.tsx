// The rating page for a visitor on a share link: same viewer and form as a
// rater's, with an end-user rater block and the share link's API.
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { RatingScreen } from "@/components/rating/rating-screen";
import { AppError } from "@/lib/errors";
import { getAssignment } from "@/lib/queues/assignments";
import { guidelinesOfSuite } from "@/lib/suites/guidelines";
import { shareQueueUrls } from "@/lib/queues/open-next-item";
import { openShareLink, shareRater, VISITOR_COOKIE } from "@/lib/share-links/service";
import { verifiedVisitorId } from "@/lib/share-links/visitor-cookie";

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
  const visitorId = verifiedVisitorId((await cookies()).get(VISITOR_COOKIE)?.value);
  if (!visitorId) notFound();
  const assignment = await visitorAssignment(token, assignmentId, visitorId);
  return (
    <RatingScreen
      assignment={assignment}
      assignmentApi={`/api/share/${token}/assignments/${assignment.id}`}
      queue={shareQueueUrls(token)}
      rater={{ type: "end_user", id: visitorId }}
      guidelines={await guidelinesOfSuite(assignment.suite.id)}
      canSkip
      profile="end_user"
    />
  );
}
