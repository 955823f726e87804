// The visitor of a share-link request, as a queue rater: the link must be
// open and the visitor cookie present.
import "server-only";
import { AppError } from "@/lib/errors";
import type { QueueRater } from "@/lib/queues/queue-rater";
import { openShareLink, shareRater } from "./service";
import { visitorIdFrom } from "./visitor-cookie";

export async function shareRaterOf(request: Request, token: string): Promise<QueueRater> {
  const link = await openShareLink(token);
  const visitorId = visitorIdFrom(request.headers);
  if (!visitorId) throw new AppError("UNAUTHENTICATED", "Open the share link again to continue");
  return shareRater(link, visitorId);
}
