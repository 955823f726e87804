// The visitor of a share-link request, as a queue rater: the link must be
// open and the visitor cookie present.
import "server-only";
import type { RequestOrigin } from "@/lib/audit/service";
import { AppError } from "@/lib/errors";
import { clientAddress } from "@/lib/http/client-address";
import type { QueueRater } from "@/lib/queues/queue-rater";
import { openShareLink, shareRater } from "./service";
import { visitorIdFrom } from "./visitor-cookie";

export async function shareRaterOf(request: Request, token: string): Promise<QueueRater> {
  const link = await openShareLink(token);
  const visitorId = visitorIdFrom(request.headers);
  if (!visitorId) throw new AppError("UNAUTHENTICATED", "Open the share link again to continue");
  return shareRater(link, visitorId);
}

/**
 * The origin of a share-link request with the address its limits count by:
 * the socket's, not a header the visitor could choose (lib/http/client-address.ts).
 * The audit event of the rating stores the same address, so the count is of it.
 */
export function shareRequestOrigin(request: Request, origin: RequestOrigin): RequestOrigin {
  return { ...origin, ipAddress: clientAddress(request.headers) };
}
