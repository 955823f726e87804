// Time on item (issue 38): what pages report with their saves and submits is
// added to the work item, never more than the time that passed since the last
// count; a resumed hold starts the count afresh; the contract refuses a
// number out of range.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT as saveDraftRoute } from "@/app/api/assignments/[assignmentId]/draft/route";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { db } from "@/lib/db";
import { exportWorkTimes } from "@/lib/export/work-time-sidecar";
import { startRecordExport } from "@/lib/export/stream-export";
import { saveDraft, submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";

let admin: TestUser;
let rater: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  rater = await createTestUser(["rater"]);
});
afterAll(() => db().$disconnect());

const ratingDraft = () => {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return rest;
};

async function heldAssignment(): Promise<string> {
  const { importId } = await importTestItems(admin, 1);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Timed",
      key: `timed-${importId.slice(0, 8)}`,
      overlap_k: 1,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [rater.userId],
      import_ids: [importId],
    },
  });
  const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
  return next.assignmentId!;
}

const timeOf = (id: string) =>
  db().assignment.findUniqueOrThrow({
    where: { id },
    select: { activeMs: true, createdAt: true, claimedAt: true, submittedAt: true },
  });
/** As if `seconds` had passed since the server last counted. */
const countedSecondsAgo = (id: string, seconds: number) =>
  db()
    .$executeRaw`UPDATE assignment SET active_counted_at = now() - make_interval(secs => ${seconds}) WHERE id = ${id}::uuid`;

describe("time on item", () => {
  it("adds what the page reports, at most the time that passed (plus 5 s for the request), through to the submit", async () => {
    const id = await heldAssignment();
    const claimed = await timeOf(id);
    expect(claimed.activeMs).toBe(0);
    expect(claimed.claimedAt.getTime()).toBe(claimed.createdAt.getTime());

    await countedSecondsAgo(id, 60);
    await saveDraft({ rater: userRater(rater), assignmentId: id, baseVersion: 0, draft: {}, activeMs: 40_000 });
    expect((await timeOf(id)).activeMs).toBe(40_000);
    // A page claiming ten minutes right after its last save gets the few seconds that can have passed.
    await saveDraft({ rater: userRater(rater), assignmentId: id, baseVersion: 1, draft: {}, activeMs: 600_000 });
    const bounded = (await timeOf(id)).activeMs;
    expect(bounded).toBeGreaterThanOrEqual(45_000);
    expect(bounded).toBeLessThan(47_000);
    // A refused save (a stale version) counts nothing.
    await saveDraft({ rater: userRater(rater), assignmentId: id, baseVersion: 0, draft: {}, activeMs: 1_000 }).catch(
      () => undefined,
    );
    expect((await timeOf(id)).activeMs).toBe(bounded);

    await countedSecondsAgo(id, 10);
    await submitAssignment({ rater: userRater(rater), assignmentId: id, draft: ratingDraft(), activeMs: 2_000 });
    const submitted = await timeOf(id);
    expect(submitted.activeMs).toBe(bounded + 2_000);
    expect(submitted.submittedAt).not.toBeNull();
  });

  it("is exported in the work-time sidecar, one line per record a person produced, never in the record", async () => {
    const id = await heldAssignment();
    await countedSecondsAgo(id, 30);
    const { evalId } = await submitAssignment({
      rater: userRater(rater),
      assignmentId: id,
      draft: ratingDraft(),
      activeMs: 12_345,
    });
    const row = await db().assignment.findUniqueOrThrow({
      where: { id },
      select: { suiteItem: { select: { suite: { select: { key: true } } } }, claimedAt: true, submittedAt: true },
    });
    const exported = await startRecordExport({
      actor: admin,
      filter: { suite_id: row.suiteItem.suite.key },
      format: "jsonl",
    });
    const file = await new Response(exported.body).text();
    expect(file).not.toContain("active");
    const lines = (await new Response(await exportWorkTimes({ actor: admin, exportId: exported.exportId })).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      {
        eval_id: evalId,
        work_kind: "assignment",
        claimed_at: row.claimedAt.toISOString(),
        submitted_at: row.submittedAt!.toISOString(),
        wall_seconds: Math.round((row.submittedAt!.getTime() - row.claimedAt.getTime()) / 100) / 10,
        active_seconds: 12.3,
      },
    ]);
  });

  it("starts the count afresh on a resumed hold, so time before a reload cannot be claimed", async () => {
    const id = await heldAssignment();
    await countedSecondsAgo(id, 600);
    // The rater comes back: "next item" resumes the same hold.
    const resumed = await db().assignment.findUniqueOrThrow({ where: { id }, select: { suiteId: true } });
    expect((await nextItem({ rater: userRater(rater), suiteId: resumed.suiteId })).assignmentId).toBe(id);
    await saveDraft({ rater: userRater(rater), assignmentId: id, baseVersion: 0, draft: {}, activeMs: 300_000 });
    expect((await timeOf(id)).activeMs).toBeLessThan(7_000);
  });

  it("refuses an active time that is negative, fractional or over a day (422, the field named), and stores nothing", async () => {
    const id = await heldAssignment();
    const { token } = await createApiToken({ actor: rater, name: `t-${id.slice(0, 8)}`, roles: ["rater"] });
    for (const activeMs of [-1, 1.5, 86_400_001]) {
      const response = await saveDraftRoute(
        new Request(`http://127.0.0.1:3000/api/assignments/${id}/draft`, {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ base_version: 0, draft: {}, active_ms: activeMs }),
        }),
        { params: Promise.resolve({ assignmentId: id }) },
      );
      expect(response.status).toBe(422);
      expect(JSON.stringify(await response.json())).toContain("active_ms");
    }
    const row = await db().assignment.findUniqueOrThrow({
      where: { id },
      select: { activeMs: true, draftVersion: true },
    });
    expect(row).toEqual({ activeMs: 0, draftVersion: 0 });
  });
});
