// Skipping a pair with a reason, as an item is skipped (lib/queues/skip.ts):
// the rater's hold ends without using a slot, so the pair goes to others; the
// skipped assignment stays, so the pair is never offered to that rater again.
import "server-only";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { SkipInput } from "@/lib/queues/skip-input";
import { PAIRWISE_ASSIGNMENT_STATUSES, parseStatus } from "@/lib/statuses";
import { workItemNotFound } from "@/lib/work-items/engine";
import { PAIR_ASSIGNMENT, pairAssignmentAccess } from "./pair-kind";

export async function skipPair(options: {
  actor: Actor;
  assignmentId: string;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<{ skipped: true }> {
  const { actor, assignmentId } = options;
  authorize(actor, "queue.work");
  const input = parseInput(SkipInput, options.input, "The skip is not valid");
  if (!isUuid(assignmentId)) throw workItemNotFound(PAIR_ASSIGNMENT);
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string; suite_id: string; pair_id: string }[]>`
      SELECT w.status, w.suite_id::text, w.pair_id::text FROM pairwise_assignment w
      WHERE w.id = ${assignmentId}::uuid AND ${pairAssignmentAccess(actor.userId)} FOR UPDATE OF w`;
    if (!row) throw workItemNotFound(PAIR_ASSIGNMENT);
    const status = parseStatus(PAIRWISE_ASSIGNMENT_STATUSES, row.status);
    if (status === "skipped") return { skipped: true as const };
    if (status !== "held") throw new AppError("CONFLICT", "This pair was already submitted; it cannot be skipped");
    // held_until = now(): the slot counts submitted and live holds, so the pair is open to others at once.
    await tx.$executeRaw`
      UPDATE pairwise_assignment
      SET status = 'skipped', skip_reason = ${input.reason}, skip_comment = ${input.comment || null},
          skipped_at = now(), held_until = now(), draft = NULL
      WHERE id = ${assignmentId}::uuid`;
    await recordAuditEvent({
      action: "pairwise_assignment.skipped",
      actorId: actor.userId,
      subject: assignmentId,
      origin: options.origin,
      details: {
        suite_id: row.suite_id,
        pair_id: row.pair_id,
        reason: input.reason,
        ...(input.comment ? { comment: input.comment } : {}),
      },
      client: tx,
    });
    return { skipped: true as const };
  });
}
