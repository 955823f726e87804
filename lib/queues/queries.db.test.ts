// The queue's typed queries against a real PostgreSQL: each statement's rows
// and counts, on a small suite with one rater (k = 2, one gold item).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sqlTransaction, type SqlClient } from "@/lib/sql-transaction";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser } from "@/lib/testing/test-users";
import { userRater, type QueueRater } from "./queue-rater";
import {
  countOpenForRater,
  countSkipsByRater,
  lockAssignmentForCorrection,
  lockAssignmentForSkip,
  lockClaimCandidate,
  lockSuiteItem,
  markSkipped,
  selectActiveHolds,
  selectAssignmentPosition,
  selectLatestInChain,
  insertAssignmentIfRoom,
  selectRaterSuiteToClaim,
  selectSkippedItems,
  takeSlot,
  type SuiteRow,
} from "./queries";
import { assignmentAccess } from "./assignment-kind";

// Reference statements: the separate reads that "next item" and the claim now
// make in one statement each (selectRaterSuiteToClaim, insertAssignmentIfRoom).
// The tests below hold the combined statements to the same answers.
const linkOf = (rater: QueueRater) => (rater.kind === "visitor" ? rater.shareLinkId : null);

/** The suite, if this rater may work it (a suite rater, or a visitor on one of its open links). */
async function selectRaterSuite(client: SqlClient, rater: QueueRater, suiteId: string): Promise<SuiteRow | undefined> {
  const [suite] =
    rater.kind === "user"
      ? await client.$queryRaw<SuiteRow[]>`
        SELECT s.id, s.overlap_k, s.gold_share, s.hold_seconds, NULL::int AS link_slots,
               NULL::int AS visitor_slots, NULL::int AS link_items_per_hour, s.paused_at IS NOT NULL AS paused, s.archived_at IS NOT NULL AS archived FROM suite s
        JOIN suite_rater r ON r.suite_id = s.id AND r.user_id = ${rater.actor.userId} WHERE s.id = ${suiteId}::uuid`
      : await client.$queryRaw<SuiteRow[]>`
        SELECT s.id, s.overlap_k, s.gold_share, s.hold_seconds, coalesce(l.max_slots_per_item, (s.overlap_k + 1) / 2) AS link_slots,
               (s.overlap_k + 1) / 2 AS visitor_slots, l.max_items_per_hour AS link_items_per_hour, s.paused_at IS NOT NULL AS paused, s.archived_at IS NOT NULL AS archived FROM suite s
        JOIN share_link l ON l.suite_id = s.id AND l.id = ${rater.shareLinkId}::uuid AND l.revoked_at IS NULL WHERE s.id = ${suiteId}::uuid`;
  return suite;
}

async function selectSlotsLeft(client: SqlClient, suiteId: string, itemId: string): Promise<number> {
  const [slots] = await client.$queryRaw<
    { slots_left: number }[]
  >`SELECT slots_left FROM suite_item WHERE suite_id = ${suiteId}::uuid AND item_id = ${itemId}::uuid`;
  return slots?.slots_left ?? 0;
}

/** The rater's held assignments of the suite, oldest first, locked; `live` when the hold has not run out. */
async function lockHeldAssignments(
  client: SqlClient,
  rater: QueueRater,
  suiteId: string,
): Promise<{ id: string; item_id: string; live: boolean }[]> {
  return client.$queryRaw<{ id: string; item_id: string; live: boolean }[]>`
    SELECT id, item_id, held_until > now() AS live FROM assignment
    WHERE suite_id = ${suiteId}::uuid AND rater_key = ${rater.raterKey} AND status = 'held'
      AND share_link_id IS NOT DISTINCT FROM ${linkOf(rater)}::uuid
    ORDER BY created_at FOR UPDATE`;
}

/** How many of the rater's assignments in the suite are of gold items, of how many. */
async function countGoldAssignments(
  client: SqlClient,
  raterKey: string,
  suiteId: string,
): Promise<{ gold: number; total: number }> {
  // The flag is kept on the assignment (a trigger sets it): no lookup into suite_item per assignment.
  const [counts] = await client.$queryRaw<{ gold: bigint; total: bigint }[]>`
    SELECT count(*) FILTER (WHERE a.is_gold) AS gold, count(*) AS total
    FROM assignment a
    WHERE a.suite_id = ${suiteId}::uuid AND a.rater_key = ${raterKey}`;
  return { gold: Number(counts?.gold ?? 0), total: Number(counts?.total ?? 0) };
}

/** A new assignment of the item to the rater, held for the suite's hold time. */
async function insertAssignment(
  client: SqlClient,
  rater: QueueRater,
  suite: SuiteRow,
  itemId: string,
): Promise<string | null> {
  const [created] = await client.$queryRaw<{ id: string }[]>`
    INSERT INTO assignment (suite_id, item_id, rater_key, user_id, share_link_id, held_until)
    VALUES (${suite.id}::uuid, ${itemId}::uuid, ${rater.raterKey},
            ${rater.kind === "user" ? rater.actor.userId : null}, ${linkOf(rater)}::uuid,
            now() + make_interval(secs => ${suite.hold_seconds}))
    RETURNING id`;
  return created?.id ?? null;
}

let rater: QueueRater;
let outsider: QueueRater;
let suite: SuiteRow;

beforeAll(async () => {
  const admin = await createTestUser(["admin"]);
  const user = await createTestUser(["rater"]);
  rater = userRater(user);
  outsider = userRater(await createTestUser(["rater"]));
  const { importId } = await importTestItems(admin, 3, { gold: 1 });
  const created = await createSuite({
    actor: admin,
    input: {
      name: "Queries suite",
      key: `queries-${importId.slice(0, 8)}`,
      overlap_k: 2,
      gold_share: 0.5,
      hold_minutes: 30,
      rater_ids: [user.userId],
      import_ids: [importId],
    },
  });
  suite = (await selectRaterSuite(db(), rater, created.id))!;
});
afterAll(() => db().$disconnect());

describe("queue queries", () => {
  it("selectRaterSuite: the suite with its settings for a suite rater, nothing for an outsider", async () => {
    expect(suite).toMatchObject({ overlap_k: 2, gold_share: 0.5, hold_seconds: 1800, link_slots: null });
    expect(await selectRaterSuite(db(), outsider, suite.id)).toBeUndefined();
  });

  it("claims, counts and positions an assignment", async () => {
    expect(await countOpenForRater(db(), rater.raterKey, suite.id)).toBe(3);
    const { assignmentId, itemId } = await db().$transaction(async (tx) => {
      const candidate = await lockClaimCandidate(tx, rater, suite, true, []);
      expect(candidate).toEqual(expect.any(String));
      await lockSuiteItem(tx, suite.id, candidate!);
      expect(await selectActiveHolds(tx, suite.id, candidate!, null)).toEqual({ slotsLeft: 2, held: 0 });
      return { itemId: candidate!, assignmentId: (await insertAssignment(tx, rater, suite, candidate!))! };
    });
    expect(await selectActiveHolds(db(), suite.id, itemId, null)).toEqual({ slotsLeft: 2, held: 1 });
    expect(await selectActiveHolds(db(), suite.id, itemId, assignmentId)).toEqual({ slotsLeft: 2, held: 0 });
    expect(await countGoldAssignments(db(), rater.raterKey, suite.id)).toEqual({ gold: 1, total: 1 });
    expect(await countOpenForRater(db(), rater.raterKey, suite.id)).toBe(2);
    expect(await selectAssignmentPosition(db(), rater.raterKey, assignmentId)).toEqual({ index: 1, total: 3 });
    expect(await selectAssignmentPosition(db(), outsider.raterKey, assignmentId)).toBeUndefined();
    const held = await db().$transaction((tx) => lockHeldAssignments(tx, rater, suite.id));
    expect(held).toEqual([{ id: assignmentId, item_id: itemId, live: true }]);
    // A gold item is taken, so no other gold item is left to claim.
    expect(await db().$transaction((tx) => lockClaimCandidate(tx, rater, suite, true, []))).toBeNull();
    await takeSlot(db(), suite.id, itemId);
    expect(await selectSlotsLeft(db(), suite.id, itemId)).toBe(1);
  });

  it("skips: locks the rater's row, marks it skipped without its draft, and counts skips per rater and per item", async () => {
    const assignmentId = await db().$transaction(async (tx) => {
      const candidate = (await lockClaimCandidate(tx, rater, suite, false, []))!;
      return (await insertAssignment(tx, rater, suite, candidate))!;
    });
    expect(
      await db().$transaction((tx) => lockAssignmentForSkip(tx, assignmentAccess(outsider), assignmentId)),
    ).toBeUndefined();
    const locked = await db().$transaction((tx) => lockAssignmentForSkip(tx, assignmentAccess(rater), assignmentId));
    expect(locked).toMatchObject({ status: "held", suite_id: suite.id });
    await markSkipped(db(), assignmentId, "other", "cannot read the image");
    expect(await db().assignment.findUniqueOrThrow({ where: { id: assignmentId } })).toMatchObject({
      status: "skipped",
      skipReason: "other",
      skipComment: "cannot read the image",
      draft: null,
    });
    expect(await countSkipsByRater(db(), suite.id)).toEqual([{ raterKey: rater.raterKey, skipped: 1 }]);
    expect(await selectSkippedItems(db(), suite.id)).toEqual([
      {
        itemId: locked!.item_id,
        taskId: expect.any(String),
        skipped: 1,
        reasons: { other: 1 },
        comments: ["cannot read the image"],
        raters: 1,
        raterSkips: 1,
        // Skipped as "other", not as broken: not flagged.
        brokenForEveryRater: false,
      },
    ]);
  });

  it("corrections: locks a submitted assignment with its item and suite key; a chain of one ends at its first rating", async () => {
    const [submitted] = await db().$queryRaw<{ id: string; eval_id: string | null; status: string }[]>`
      SELECT id, eval_id, status FROM assignment WHERE suite_id = ${suite.id}::uuid AND rater_key = ${rater.raterKey} AND status = 'held' LIMIT 1`;
    const row = await db().$transaction((tx) => lockAssignmentForCorrection(tx, rater.raterKey, submitted!.id));
    expect(row).toMatchObject({
      status: "held",
      eval_id: null,
      suite_id: suite.id,
      suite_key: expect.stringMatching(/^queries-/),
    });
    expect(row!.body).toMatchObject({ task: expect.any(Object) });
    expect(
      await db().$transaction((tx) => lockAssignmentForCorrection(tx, outsider.raterKey, submitted!.id)),
    ).toBeUndefined();
    // An eval_id with no suite_record row: the chain is the rating itself.
    const lone = "00000000-0000-4000-8000-000000000001";
    expect(await selectLatestInChain(db(), suite.id, lone)).toBe(lone);
  });

  it("next item's combined reads: the suite with the rater's held items and gold count; an insert only while the item has room", async () => {
    const found = await sqlTransaction((tx) => selectRaterSuiteToClaim(tx, rater, suite.id));
    const held = await db().$transaction((tx) => lockHeldAssignments(tx, rater, suite.id));
    expect(found).toEqual({ ...suite, ...(await countGoldAssignments(db(), rater.raterKey, suite.id)), held });
    expect(found).toMatchObject({ gold: 1, total: 2, held: [{ live: true }] });
    expect(await sqlTransaction((tx) => selectRaterSuiteToClaim(tx, outsider, suite.id))).toBeUndefined();
    // The held gold item has one slot left and the rater's live hold on it: no room for another.
    const full = held[0]!.item_id;
    expect(await sqlTransaction((tx) => insertAssignmentIfRoom(tx, outsider, suite, full))).toBeNull();
    const [open] = await db().$queryRaw<{ item_id: string }[]>`
      SELECT si.item_id FROM suite_item si WHERE si.suite_id = ${suite.id}::uuid
        AND NOT EXISTS (SELECT 1 FROM assignment a WHERE a.suite_id = si.suite_id AND a.item_id = si.item_id)`;
    const created = await sqlTransaction((tx) => insertAssignmentIfRoom(tx, outsider, suite, open!.item_id));
    expect(created).toEqual(expect.any(String));
    expect(await selectActiveHolds(db(), suite.id, open!.item_id, null)).toEqual({ slotsLeft: 2, held: 1 });
  });
});
