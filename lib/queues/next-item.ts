// "Next item": gives the rater an item of the suite they have not rated and
// holds it for them. Overlap k holds under concurrency because every claim
// locks the item's suite_item row and re-counts in a fresh statement (READ
// COMMITTED sees every claim committed before the lock was granted); the
// CHECK on slots_left is the last word at submit.
import "server-only";
import { sqlTransaction, type SqlClient } from "@/lib/sql-transaction";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { holdWorkItem } from "@/lib/work-items/engine";
import { ASSIGNMENT } from "./assignment-kind";
import {
  countOpenForRater,
  insertAssignmentIfRoom,
  lockClaimCandidate,
  lockLinkHourlyRoom,
  lockSuiteItem,
  selectActiveHolds,
  selectRaterSuiteToClaim,
  type SuiteRow,
} from "./queries";
import type { QueueRater } from "./queue-rater";

export type NextItem = { assignmentId: string; resumed: boolean } | { assignmentId: null; reason: "finished" | "busy" };

/** The answer for a suite that does not exist or that this rater may not work: the same, so neither is told apart. */
const suiteNotFound = () => new AppError("NOT_FOUND", "No suite with this id in your queues");

export const LINK_HOURLY_CAP_MESSAGE =
  "This link has been used for many items in the last hour; please come back later";

export const SUITE_PAUSED_MESSAGE =
  "This suite is paused by an admin: no items are handed out until it is resumed. Work you hold can still be submitted.";

/** True when the assignment may still count as one of the item's k slots. */
export async function slotStillAvailable(
  client: SqlClient,
  suiteId: string,
  itemId: string,
  assignmentId: string,
): Promise<boolean> {
  const { slotsLeft, held } = await selectActiveHolds(client, suiteId, itemId, assignmentId);
  return held < slotsLeft;
}

async function resumeHeld(
  client: SqlClient,
  suite: SuiteRow,
  held: { id: string; item_id: string; live: boolean }[],
): Promise<string | null> {
  for (const assignment of held) {
    if (!assignment.live) {
      await lockSuiteItem(client, suite.id, assignment.item_id);
      if (!(await slotStillAvailable(client, suite.id, assignment.item_id, assignment.id))) continue;
    }
    await holdWorkItem(client, ASSIGNMENT, { id: assignment.id, holdSeconds: suite.hold_seconds });
    return assignment.id;
  }
  return null;
}

function wantsGold(suite: SuiteRow, counts: { gold: number; total: number }): boolean {
  return suite.gold_share > 0 && counts.gold < suite.gold_share * (counts.total + 1);
}

async function claimCandidate(
  client: SqlClient,
  rater: QueueRater,
  suite: SuiteRow,
  gold: boolean,
  skipped: string[],
): Promise<string | null | "retry"> {
  const candidate = await lockClaimCandidate(client, rater, suite, gold, skipped);
  if (!candidate) return null;
  // The candidate was chosen on the statement's snapshot; with the row locked, the insert counts again.
  const claimed = await insertAssignmentIfRoom(client, rater, suite, candidate);
  if (claimed) return claimed;
  skipped.push(candidate);
  return "retry";
}

export async function nextItem(options: { rater: QueueRater; suiteId: string }): Promise<NextItem> {
  const { rater } = options;
  if (!isUuid(options.suiteId)) throw suiteNotFound();
  return sqlTransaction(async (tx) => {
    // The suite, the rater's held items (locked) and gold count in one round trip; every round trip counts here.
    const found = await selectRaterSuiteToClaim(tx, rater, options.suiteId);
    if (!found || found.archived) throw suiteNotFound();
    const { gold: goldSoFar, total, held, ...suite } = found;
    if (suite.paused) throw new AppError("CONFLICT", SUITE_PAUSED_MESSAGE);
    const resumed = await resumeHeld(tx, suite, held);
    if (resumed) return { assignmentId: resumed, resumed: true };
    // A share link's cap on new items per hour, counted under the link's lock (a resumed hold is not new).
    if (
      rater.kind === "visitor" &&
      suite.link_items_per_hour !== null &&
      !(await lockLinkHourlyRoom(tx, rater.shareLinkId, suite.link_items_per_hour))
    )
      throw new AppError("TOO_MANY_REQUESTS", LINK_HOURLY_CAP_MESSAGE);
    const gold = wantsGold(suite, { gold: goldSoFar, total });
    for (const flag of [gold, !gold]) {
      const skipped: string[] = [];
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const claimed = await claimCandidate(tx, rater, suite, flag, skipped);
        if (claimed === "retry") continue;
        if (claimed) return { assignmentId: claimed, resumed: false };
        break;
      }
    }
    // Nothing claimable: either every open item is rated by this rater or held by others.
    return {
      assignmentId: null,
      reason: (await countOpenForRater(tx, rater.raterKey, suite.id)) > 0 ? "busy" : "finished",
    };
  });
}
