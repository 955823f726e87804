// A pair's draft against a real PostgreSQL: saved versioned through the
// work-item engine (a stale save changes nothing and answers the newer draft),
// unknown fields refused with their path, closed once submitted; the side a
// rater's pairs show the first system on is a fresh coin per claim (no
// alternation a rater could follow); a skipped pair goes to another rater at
// once and never back to the one who skipped it.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createImport, readImportFile } from "@/lib/imports/service";
import { rejection } from "@/lib/testing/rejection";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { savePairDraft } from "./pair-draft";
import { getPairAssignment, nextPair, submitPair } from "./pairs";
import { sideSequenceFigures } from "./side-sequences";
import { skipPair } from "./skip-pair";
import { createPairwiseSuite } from "./suites";

let admin: TestUser;
let rater: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  rater = await createTestUser(["rater"]);
});
afterAll(async () => {
  await db().$disconnect();
});

async function suiteOfTwo(tasks: number, overlapK = 1): Promise<string> {
  const prefix = `pd-${randomBytes(4).toString("hex")}`;
  const importIds: string[] = [];
  for (const system of [`a-${prefix}`, `b-${prefix}`]) {
    const items = Array.from({ length: tasks }, (_, index) =>
      nativeItem(`${prefix}-${index}`, { subject: { system_under_test: system, modality_tags: ["chat"] } }),
    );
    const created = await createImport({ actor: admin, input: { format: "items", file_name: `${system}.jsonl` } });
    await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
    importIds.push(created.id);
  }
  const suite = await createPairwiseSuite({
    actor: admin,
    input: {
      name: prefix,
      key: prefix,
      design: "all_pairs",
      overlap_k: overlapK,
      import_ids: importIds,
      open_to_all_raters: true,
    },
  });
  return suite.id;
}

const universal = Object.fromEntries(
  ["helpfulness", "instruction_following", "faithfulness", "safety_overall", "overall_quality"].map((name) => [
    name,
    { score: 4, confidence: "high" },
  ]),
);

describe("a pair's draft", () => {
  it("is saved versioned, refuses a stale base or an unknown field, and closes on submit", async () => {
    const suiteId = await suiteOfTwo(1);
    const { assignmentId } = await nextPair({ actor: rater, suiteId });
    const id = assignmentId!;
    const draft = { preference: "better", rationale: "Shorter", responses: [{ universal }, {}] };
    const saved = await savePairDraft({ actor: rater, assignmentId: id, baseVersion: 0, draft });
    expect(saved.version).toBe(1);
    expect((await getPairAssignment({ actor: rater, assignmentId: id })).draft).toEqual(draft);

    const stale = await rejection(
      savePairDraft({ actor: rater, assignmentId: id, baseVersion: 0, draft: { rationale: "other tab" } }),
    );
    expect(stale.code).toBe("CONFLICT");
    expect(stale.details).toEqual({ current: { version: 1, draft } });

    const unknown = await rejection(
      savePairDraft({ actor: rater, assignmentId: id, baseVersion: 1, draft: { responses: [{ colour: 1 }, {}] } }),
    );
    expect(unknown.code).toBe("INVALID_INPUT");
    expect(unknown.issues).toEqual([expect.objectContaining({ path: "/draft/responses/0/colour" })]);
    const badLevel = await rejection(
      savePairDraft({ actor: rater, assignmentId: id, baseVersion: 1, draft: { preference: "best" } }),
    );
    expect(badLevel.issues).toEqual([expect.objectContaining({ path: "/draft/preference" })]);

    const other = await createTestUser(["rater"]);
    expect((await rejection(savePairDraft({ actor: other, assignmentId: id, baseVersion: 1, draft }))).code).toBe(
      "NOT_FOUND",
    );

    await submitPair({
      actor: rater,
      assignmentId: id,
      input: { preference: "better", rationale: "Shorter", responses: [{ universal }, { universal }] },
    });
    const closed = await rejection(savePairDraft({ actor: rater, assignmentId: id, baseVersion: 1, draft }));
    expect(closed.code).toBe("CONFLICT");
    expect(closed.message).toMatch(/already submitted/);
  });

  it("draws each claim's side afresh: over 30 raters × 12 pairs, alternation at chance and half the steps keep the side", async () => {
    // Under the old rule (a coin, then always the other side) all 30 sequences alternate and no step keeps the side.
    const suiteId = await suiteOfTwo(12, 30);
    const raters = await Promise.all(Array.from({ length: 30 }, () => createTestUser(["rater"])));
    const sequences: boolean[][] = [];
    for (const each of raters) {
      const sides: boolean[] = [];
      for (let index = 0; index < 12; index += 1) {
        const { assignmentId } = await nextPair({ actor: each, suiteId });
        const row = await db().pairwiseAssignment.findUniqueOrThrow({ where: { id: assignmentId! } });
        sides.push(row.firstShownLeft);
        await skipPair({ actor: each, assignmentId: assignmentId!, input: { reason: "outside_expertise" } });
      }
      sequences.push(sides);
    }
    const figures = sideSequenceFigures(sequences);
    expect(figures.raters).toBe(30);
    // 30 × 2/4096 ≈ 0.015 expected; 3 or more has a chance of about 5e-7.
    expect(figures.strictlyAlternating).toBeLessThanOrEqual(2);
    // 330 steps, half expected to keep the side: ±4.9 standard deviations (about 1e-6 two-sided).
    const sd = Math.sqrt(330 * 0.25);
    expect(Math.abs(figures.sameAsPrevious - 165)).toBeLessThanOrEqual(4.9 * sd);
    // The README's query for an admin (lib/pairwise/side-sequences.sql) gives the same figures.
    const key = (await db().pairwiseSuite.findUniqueOrThrow({ where: { id: suiteId } })).key;
    const query = readFileSync(fileURLToPath(new URL("./side-sequences.sql", import.meta.url)), "utf8");
    const rows = await db().$queryRawUnsafe<Record<string, unknown>[]>(query.replace(/;\s*$/, ""));
    const mine = rows.filter((row) => row.suite === key);
    expect(
      mine.map((row) => [row.who, Number(row.raters), Number(row.strictly_alternating), Number(row.steps)]),
    ).toEqual([["rater", 30, figures.strictlyAlternating, 330]]);
    expect(Number(mine[0]!.steps_keeping_side)).toBe(figures.sameAsPrevious);
    expect(Number(mine[0]!.expected_by_chance)).toBeCloseTo(0.01, 2);
  }, 300_000);

  it("a skip needs a reason, frees the pair's slot for others, is never offered back, and closes the pair", async () => {
    const suiteId = await suiteOfTwo(1); // one pair, overlap k = 1
    const { assignmentId } = await nextPair({ actor: rater, suiteId });
    const id = assignmentId!;
    await savePairDraft({ actor: rater, assignmentId: id, baseVersion: 0, draft: { rationale: "half done" } });
    const other = await createTestUser(["rater"]);
    // While held, the only slot is taken.
    expect(await nextPair({ actor: other, suiteId })).toEqual({ assignmentId: null, reason: "finished" });

    const noComment = await rejection(skipPair({ actor: rater, assignmentId: id, input: { reason: "other" } }));
    expect(noComment.code).toBe("INVALID_INPUT");
    expect(noComment.issues).toEqual([expect.objectContaining({ path: "/comment" })]);
    const foreign = await rejection(
      skipPair({ actor: other, assignmentId: id, input: { reason: "outside_expertise" } }),
    );
    expect(foreign.code).toBe("NOT_FOUND");
    expect((await db().pairwiseAssignment.findUniqueOrThrow({ where: { id } })).status).toBe("held");

    const input = { reason: "other", comment: "both responses are in Finnish" };
    expect(await skipPair({ actor: rater, assignmentId: id, input })).toEqual({ skipped: true });
    expect(await skipPair({ actor: rater, assignmentId: id, input })).toEqual({ skipped: true }); // a repeat
    const row = await db().pairwiseAssignment.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "skipped", skipReason: "other", skipComment: input.comment, draft: null });
    const audit = await db().auditEvent.findMany({ where: { subject: id, action: "pairwise_assignment.skipped" } });
    expect(audit).toHaveLength(1);

    // The slot is free at once for another rater; the one who skipped is not offered the pair again.
    expect(await nextPair({ actor: rater, suiteId })).toEqual({ assignmentId: null, reason: "finished" });
    const taken = await nextPair({ actor: other, suiteId });
    expect(taken.assignmentId).not.toBeNull();
    expect(taken.assignmentId).not.toBe(id);

    // A skipped pair takes no draft and no submit.
    const draft = await rejection(savePairDraft({ actor: rater, assignmentId: id, baseVersion: 1, draft: {} }));
    expect([draft.code, draft.message]).toEqual(["CONFLICT", "You skipped this pair; the draft was not saved"]);
    const submit = await rejection(
      submitPair({
        actor: rater,
        assignmentId: id,
        input: { preference: "better", rationale: "late", responses: [{ universal }, { universal }] },
      }),
    );
    expect(submit.code).toBe("CONFLICT");
    expect(submit.message).toMatch(/skipped this pair/);

    // A submitted pair cannot be skipped.
    await submitPair({
      actor: other,
      assignmentId: taken.assignmentId!,
      input: { preference: "better", rationale: "Shorter", responses: [{ universal }, { universal }] },
    });
    const afterSubmit = await rejection(
      skipPair({ actor: other, assignmentId: taken.assignmentId!, input: { reason: "broken_content" } }),
    );
    expect([afterSubmit.code, afterSubmit.message]).toEqual([
      "CONFLICT",
      "This pair was already submitted; it cannot be skipped",
    ]);
  });
});
