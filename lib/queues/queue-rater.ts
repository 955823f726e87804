// Who works a queue: a signed-in rater or SME, or a visitor on a share link.
// Assignments are keyed by `raterKey` so both kinds share one queue engine.
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";

export type QueueRater =
  | { kind: "user"; actor: Actor; raterKey: string }
  | { kind: "visitor"; visitorId: string; shareLinkId: string; raterKey: string };

export function userRater(actor: Actor): QueueRater {
  authorize(actor, "queue.work");
  return { kind: "user", actor, raterKey: actor.userId };
}

export function visitorRater(visitorId: string, shareLinkId: string): QueueRater {
  return { kind: "visitor", visitorId, shareLinkId, raterKey: `visitor:${visitorId}` };
}
