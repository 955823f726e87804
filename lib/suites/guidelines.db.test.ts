// A suite's guidelines: set by an admin, bounded, audited; raters cannot change them.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser } from "@/lib/testing/test-users";
import { changeSuite as updateSuiteSettings } from "./change-suite";
import { guidelinesOfSuite } from "./guidelines";
import { createSuite } from "./service";

afterAll(() => db().$disconnect());

describe("suite guidelines", () => {
  it("are set by an admin, read back as written, audited; refused for a rater, when too long, or for an unknown suite", async () => {
    const admin = await createTestUser(["admin"]);
    const rater = await createTestUser(["rater"]);
    const { importId } = await importTestItems(admin, 1);
    const suite = await createSuite({
      actor: admin,
      input: {
        name: "G",
        key: `g-${importId.slice(0, 8)}`,
        overlap_k: 1,
        gold_share: 0,
        hold_minutes: 30,
        rater_ids: [rater.userId],
        import_ids: [importId],
      },
    });
    expect(await guidelinesOfSuite(suite.id)).toBe("");
    const text = "# Refunds\n\n- A refund answer must name the **30-day** window.\n<script>alert(1)</script>";
    await updateSuiteSettings({ actor: admin, suiteId: suite.id, input: { guidelines: text } });
    expect(await guidelinesOfSuite(suite.id)).toBe(text);
    expect(await db().auditEvent.count({ where: { action: "suite.updated", subject: suite.id } })).toBe(1);
    expect(
      await rejection(updateSuiteSettings({ actor: rater, suiteId: suite.id, input: { guidelines: "mine" } })),
    ).toMatchObject({ code: "FORBIDDEN" });
    expect(
      await rejection(
        updateSuiteSettings({ actor: admin, suiteId: suite.id, input: { guidelines: "x".repeat(20_001) } }),
      ),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(
      await rejection(
        updateSuiteSettings({ actor: admin, suiteId: suite.id, input: { guidelines: "x", name: "renamed" } }),
      ),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(
      await rejection(
        updateSuiteSettings({
          actor: admin,
          suiteId: "7a0c6a3e-3f55-4c84-9b5e-9d1f6f0b0c11",
          input: { guidelines: "x" },
        }),
      ),
    ).toMatchObject({ code: "NOT_FOUND" });
    // The adjudication rule: the default until changed; a partial change keeps the rest and the guidelines.
    expect(
      await updateSuiteSettings({
        actor: admin,
        suiteId: suite.id,
        input: { adjudication_rule: { likert_spread: 3, judge_conflict: false } },
      }),
    ).toMatchObject({
      guidelines: text,
      adjudicationRule: {
        likertSpread: 3,
        hazardConflict: true,
        refusalConflict: true,
        judgeConflict: false,
        minRatings: 2,
      },
    });
    expect(
      await rejection(
        updateSuiteSettings({ actor: admin, suiteId: suite.id, input: { adjudication_rule: { likert_spread: 0 } } }),
      ),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(await rejection(updateSuiteSettings({ actor: admin, suiteId: suite.id, input: {} }))).toMatchObject({
      code: "INVALID_INPUT",
    });
    await expect(
      db().$executeRaw`UPDATE suite SET guidelines = repeat('x', 20001) WHERE id = ${suite.id}::uuid`,
    ).rejects.toThrow(/suite_guidelines_length/);
  });
});
