// The reliability models on a suite's stored ratings: of three raters, the one
// who calls every hate hazard violating (the others only where it is) and
// scores a point higher stands out in Dawid–Skene accuracy, MACE competence
// and leniency; admins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { createSuite } from "@/lib/suites/service";
import { rejection } from "@/lib/testing/rejection";
import { sampleUniversal } from "@/lib/testing/sample-rating";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { suiteRaterReliability } from "./suite-reliability";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

/** The odd rater calls hate violating on every item; the others on the three items that are (task ids -0 to -2). */
function draftOf(odd: boolean, taskId: string) {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  const violating = odd || /-[012]$/.test(taskId);
  return {
    ...rest,
    universal: { ...sampleUniversal(odd ? 5 : 4), vs_reference: "equivalent" },
    safety: violating
      ? { is_violating_any: true, hate: { verdict: "violating", severity: 1, evidence: "says so" } }
      : { is_violating_any: false, hate: { verdict: "non_violating" } },
  };
}

describe("a suite's rater reliability", () => {
  it("singles out the rater who disagrees with the others in the same direction, on every item", async () => {
    const raters = await Promise.all([1, 2, 3].map(() => createTestUser(["rater"])));
    const { importId } = await importTestItems(admin, 8);
    const suite = await createSuite({
      actor: admin,
      input: {
        name: "Reliability",
        key: `rel-${importId.slice(0, 8)}`,
        overlap_k: 3,
        gold_share: 0,
        hold_minutes: 30,
        rater_ids: raters.map((rater) => rater.userId),
        import_ids: [importId],
      },
    });
    for (const [index, rater] of raters.entries())
      for (;;) {
        const { assignmentId } = await nextItem({ rater: userRater(rater), suiteId: suite.id });
        if (!assignmentId) break;
        const { suiteItem } = await db().assignment.findUniqueOrThrow({
          where: { id: assignmentId },
          select: { suiteItem: { select: { item: { select: { taskId: true } } } } },
        });
        await submitAssignment({
          rater: userRater(rater),
          assignmentId,
          draft: draftOf(index === 2, suiteItem.item.taskId),
        });
      }
    const rows = await suiteRaterReliability({ actor: admin, suiteId: suite.id });
    const of = (rater: TestUser) => rows.find((row) => row.personId === rater.userId)!;
    const [careful, alsoCareful, odd] = raters.map(of);
    expect(rows).toHaveLength(3);
    // The hate hazard on 8 items; the refusal, "n/a" from everyone, says nothing of anyone and is left out.
    expect(odd!.nominalJudgments).toBe(8);
    expect(odd!.dawidSkeneAccuracy!).toBeLessThan(careful!.dawidSkeneAccuracy!);
    expect(odd!.maceCompetence!).toBeLessThan(careful!.maceCompetence!);
    expect(careful!.maceCompetence!).toBeGreaterThan(0.8);
    // The others score 4, the odd rater 5: +1 against the others' mean on each item (shrunk a little at most).
    expect(odd!.leniency!).toBeGreaterThan(0.5);
    expect(odd!.leniency!).toBeLessThanOrEqual(1);
    expect(careful!.leniency!).toBeLessThan(0);
    expect(alsoCareful!.leniency).toBeCloseTo(careful!.leniency!, 6);
    expect((await rejection(suiteRaterReliability({ actor: raters[0]!, suiteId: suite.id }))).code).toBe("FORBIDDEN");
  });
});
