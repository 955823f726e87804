// Share links: an admin lets people without an account rate a suite. The link
// carries a random token (its sha256 is stored); each visitor gets a random id
// in a signed cookie, rates an item at most once, and is rate-limited. The
// link itself is capped too (a visitor can always start over with a new id):
// a share of each item's slots, and new items per hour.
import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { visitorRater, type QueueRater } from "@/lib/queues/queue-rater";
import { NewShareLinkInput } from "./validation";

export const VISITOR_COOKIE = "evalform_visitor";
/** New items a visitor may take per hour, and ratings one address may submit per hour. */
export const VISITOR_ITEMS_PER_HOUR = 60;
export const ADDRESS_RATINGS_PER_HOUR = 300;
/** Default of a link's max_items_per_hour (all its visitors together). */
export const LINK_ITEMS_PER_HOUR = 100;

export type ShareLinkView = {
  id: string;
  label: string;
  createdAt: Date;
  revokedAt: Date | null;
  ratings: number;
  maxSlotsPerItem: number | null;
  maxItemsPerHour: number;
};

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createShareLink(options: {
  actor: Actor;
  suiteId: string;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<{ id: string; token: string }> {
  authorize(options.actor, "suites.manage");
  const {
    label,
    max_slots_per_item: maxSlotsPerItem,
    max_items_per_hour: maxItemsPerHour,
  } = parseInput(NewShareLinkInput, options.input, "The share link is not valid");
  if (
    !isUuid(options.suiteId) ||
    !(await db().suite.findUnique({ where: { id: options.suiteId }, select: { id: true } }))
  )
    throw new AppError("NOT_FOUND", "No suite with this id");
  const token = `efs_${randomBytes(24).toString("base64url")}`;
  const link = await db().shareLink.create({
    data: {
      suiteId: options.suiteId,
      label,
      tokenHash: hashOf(token),
      createdById: options.actor.userId,
      maxSlotsPerItem,
      maxItemsPerHour,
    },
  });
  await recordAuditEvent({
    action: "share_link.created",
    actorId: options.actor.userId,
    subject: link.id,
    origin: options.origin,
    details: { suite_id: options.suiteId, label },
  });
  return { id: link.id, token };
}

export async function listShareLinks(options: { actor: Actor; suiteId: string }): Promise<ShareLinkView[]> {
  authorize(options.actor, "suites.manage");
  if (!isUuid(options.suiteId)) return [];
  const links = await db().shareLink.findMany({
    where: { suiteId: options.suiteId },
    orderBy: { createdAt: "desc" },
    include: { _count: { select: { assignments: { where: { status: "submitted" } } } } },
  });
  return links.map((link) => ({
    id: link.id,
    label: link.label,
    createdAt: link.createdAt,
    revokedAt: link.revokedAt,
    ratings: link._count.assignments,
    maxSlotsPerItem: link.maxSlotsPerItem,
    maxItemsPerHour: link.maxItemsPerHour,
  }));
}

export async function revokeShareLink(options: {
  actor: Actor;
  linkId: string;
  origin?: RequestOrigin;
}): Promise<void> {
  authorize(options.actor, "suites.manage");
  const notFound = new AppError("NOT_FOUND", "No share link with this id");
  if (!isUuid(options.linkId)) throw notFound;
  const revoked = await db().shareLink.updateMany({
    where: { id: options.linkId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (revoked.count === 0 && !(await db().shareLink.findUnique({ where: { id: options.linkId } }))) throw notFound;
  await recordAuditEvent({
    action: "share_link.revoked",
    actorId: options.actor.userId,
    subject: options.linkId,
    origin: options.origin,
  });
}

export type OpenShareLink = { shareLinkId: string; suiteId: string; suiteName: string };

/** The link behind a token; a revoked or unknown link answers 404 alike. */
export async function openShareLink(token: string): Promise<OpenShareLink> {
  const link = token.startsWith("efs_")
    ? await db().shareLink.findFirst({
        where: { tokenHash: hashOf(token), revokedAt: null },
        include: { suite: { select: { name: true } } },
      })
    : null;
  if (!link) throw new AppError("NOT_FOUND", "This link is not valid (it may have been revoked)");
  return { shareLinkId: link.id, suiteId: link.suiteId, suiteName: link.suite.name };
}

export function newVisitorId(): string {
  return randomUUID();
}

/** The visitor as a queue rater of the link's suite. */
export function shareRater(link: OpenShareLink, visitorId: string): QueueRater {
  if (!isUuid(visitorId)) throw new AppError("UNAUTHENTICATED", "Open the share link again to get a visitor id");
  return visitorRater(visitorId, link.shareLinkId);
}

/**
 * TOO_MANY_REQUESTS when the visitor took too many new items in the last hour.
 * The link's own cap (all its visitors together) is the claim's: lib/queues/next-item.ts.
 */
export async function assertVisitorWithinLimit(rater: QueueRater): Promise<void> {
  const since = new Date(Date.now() - 3_600_000);
  const recent = await db().assignment.count({ where: { raterKey: rater.raterKey, createdAt: { gt: since } } });
  if (recent >= VISITOR_ITEMS_PER_HOUR)
    throw new AppError("TOO_MANY_REQUESTS", "You have rated many items in the last hour; please come back later");
}

/** TOO_MANY_REQUESTS when one address submitted too many end-user ratings in the last hour. */
export async function assertAddressWithinLimit(origin: RequestOrigin): Promise<void> {
  if (!origin.ipAddress) return;
  const recent = await db().auditEvent.count({
    where: {
      action: "record.submitted",
      actorId: null,
      ipAddress: origin.ipAddress,
      createdAt: { gt: new Date(Date.now() - 3_600_000) },
    },
  });
  if (recent >= ADDRESS_RATINGS_PER_HOUR)
    throw new AppError(
      "TOO_MANY_REQUESTS",
      "Too many ratings from this network in the last hour; please come back later",
    );
}
