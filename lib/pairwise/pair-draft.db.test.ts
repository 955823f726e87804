// A pair's draft against a real PostgreSQL: saved versioned through the
// work-item engine (a stale save changes nothing and answers the newer draft),
// unknown fields refused with their path, closed once submitted; and a rater's
// pairs alternate the side the first system is shown on.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createImport, readImportFile } from "@/lib/imports/service";
import { rejection } from "@/lib/testing/rejection";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { savePairDraft } from "./pair-draft";
import { getPairAssignment, nextPair, submitPair } from "./pairs";
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

async function suiteOfTwo(tasks: number): Promise<string> {
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
    input: { name: prefix, key: prefix, design: "all_pairs", overlap_k: 1, import_ids: importIds },
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

  it("alternates the side a rater's pairs show the first system on, so both positions occur", async () => {
    const suiteId = await suiteOfTwo(4);
    const shown: boolean[] = [];
    for (let index = 0; index < 4; index += 1) {
      const { assignmentId } = await nextPair({ actor: rater, suiteId });
      await submitPair({
        actor: rater,
        assignmentId: assignmentId!,
        input: { preference: "equivalent", rationale: "Same", responses: [{ universal }, { universal }] },
      });
      const row = await db().pairwiseAssignment.findUniqueOrThrow({ where: { id: assignmentId! } });
      shown.push(row.firstShownLeft);
    }
    expect(shown.slice(1)).toEqual(shown.slice(0, -1).map((left) => !left));
  });
});
