// Prefill import, the SME review flow and its per-field decisions, the suite
// summary and the provenance chain, against a real PostgreSQL.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import { db, exportPool } from "@/lib/db";
import { exportDecisions } from "@/lib/export/export-runs";
import { startRecordExport } from "@/lib/export/stream-export";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { recordProvenance } from "@/lib/records/provenance";
import { getRecord, listRecords } from "@/lib/records/read-records";
import { submitRecord } from "@/lib/records/submit-record";
import { createSuite } from "@/lib/suites/service";
import { jsonl, importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { judgmentOf } from "./field-decisions";
import { importPrefills } from "./prefill-import";
import { reviewSummary } from "./review-summary";
import { getReviewTask, nextReviewTask, saveReviewDraft, submitReview } from "./review-tasks";

let admin: TestUser;
let sme: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  sme = await createTestUser(["sme"]);
});
afterAll(async () => {
  await db().$disconnect();
  await exportPool().end();
});

async function suiteWithItems(count: number, reviewers: TestUser[]) {
  const { importId, taskIds } = await importTestItems(admin, count);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Review suite",
      key: `review-${importId.slice(0, 8)}`,
      overlap_k: 1,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: reviewers.map((user) => user.userId),
      import_ids: [importId],
    },
  });
  return { suite, taskIds };
}

function judgeRecord(taskId: string, overrides: Record<string, unknown> = {}) {
  return {
    schema_version: AIF_SCHEMA_VERSION,
    eval_id: randomUUID(),
    created_at: "2026-11-01T10:00:00.000Z",
    rater: { type: "llm_judge", id: "judge-model#abc123", model: "judge-model", n_samples: 3 },
    task: { task_id: taskId, suite_id: "source-suite", modality: "chat", prompt: `Prompt of ${taskId}` },
    subject: { system_under_test: "Test Model", modality_tags: ["chat"] },
    ...validJudgmentFor("chat"),
    ...overrides,
  };
}

describe("prefill import", () => {
  it("stores nothing when one record is refused, and reports each refused line with its field and rule", async () => {
    const { suite, taskIds } = await suiteWithItems(3, [sme]);
    const good = judgeRecord(taskIds[0]!);
    const lines = [
      good,
      judgeRecord("no-such-task"),
      { ...judgeRecord(taskIds[1]!), rater: { type: "human", id: "u1" } },
      judgeRecord(taskIds[2]!, {
        universal: {
          ...validJudgmentFor("chat").universal,
          helpfulness: { score: 6, confidence: "high", rationale: "x" },
        },
      }),
    ];
    const report = await importPrefills({
      actor: admin,
      suiteId: suite.id,
      file: Readable.from([lines.map((line) => JSON.stringify(line)).join("\n") + "\nnot json\n"]),
    });
    expect(report.importId).toBeNull();
    expect([report.recordsRead, report.refused, report.stored]).toEqual([5, 4, 0]);
    expect(report.errors.map((error) => [error.line, error.field, error.rule])).toEqual([
      [2, "/task/task_id", "unmatched"],
      [3, "/rater/type", "judgeRecord"],
      [4, "/universal/helpfulness/score", "maximum"],
      [5, "", "json"],
    ]);
    expect(await db().evalRecord.count({ where: { evalId: good.eval_id } })).toBe(0);
    expect(await db().reviewTask.count({ where: { suiteId: suite.id } })).toBe(0);
  });

  it("stores the valid records when asked, keeps their eval_ids, and a second import of the same file changes nothing", async () => {
    const { suite, taskIds } = await suiteWithItems(2, [sme]);
    const records = [judgeRecord(taskIds[0]!), judgeRecord(taskIds[1]!), judgeRecord("missing")];
    const first = await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl(records), storeValid: true });
    expect([first.stored, first.refused, first.alreadyPresent]).toEqual([2, 1, 0]);
    const stored = await getRecord({ actor: admin, evalId: records[0]!.eval_id });
    expect(stored.body).toEqual(records[0]);
    const again = await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl(records), storeValid: true });
    expect([again.stored, again.refused, again.alreadyPresent]).toEqual([0, 1, 2]);
    expect(await db().reviewTask.count({ where: { suiteId: suite.id } })).toBe(2);
  });

  it("reads a JSON array, numbering records by position, and assigns ids to records without them", async () => {
    const { suite, taskIds } = await suiteWithItems(1, [sme]);
    const { eval_id: _id, created_at: _at, ...withoutIds } = judgeRecord(taskIds[0]!);
    const report = await importPrefills({
      actor: admin,
      suiteId: suite.id,
      file: Readable.from([JSON.stringify([withoutIds, judgeRecord("x")], null, 2)]),
      storeValid: true,
    });
    expect(report.format).toBe("json");
    expect([report.stored, report.refused]).toEqual([1, 1]);
    expect(report.errors[0]).toMatchObject({ line: 2, rule: "unmatched" });
    expect(report.notes.join(" ")).toMatch(/1 record\(s\) had no eval_id/);
  });

  it("refuses a record for another output of the same task, and a later refusal inside the transaction still stores nothing", async () => {
    const { suite, taskIds } = await suiteWithItems(2, [sme]);
    const otherSystem = judgeRecord(taskIds[0]!, {
      subject: { system_under_test: "Another Model", modality_tags: ["chat"] },
    });
    const otherPrompt = judgeRecord(taskIds[1]!, {
      task: { task_id: taskIds[1]!, modality: "chat", prompt: "A different question" },
    });
    const report = await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl([otherSystem, otherPrompt]) });
    expect(report.errors.map((error) => [error.line, error.field, error.rule])).toEqual([
      [1, "/subject/system_under_test", "itemMismatch"],
      [2, "/task/prompt", "itemMismatch"],
    ]);

    const stored = judgeRecord(taskIds[0]!);
    await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl([stored]) });
    const fresh = judgeRecord(taskIds[1]!);
    const clash = { ...judgeRecord(taskIds[0]!), eval_id: stored.eval_id, created_at: "2026-11-02T10:00:00.000Z" };
    const late = await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl([fresh, clash]) });
    expect(late.importId).toBeNull();
    expect(late.errors.map((error) => [error.line, error.rule])).toEqual([[2, "evalIdTaken"]]);
    expect(await db().evalRecord.count({ where: { evalId: fresh.eval_id } })).toBe(0);
  });

  it("gives records without ids the same ids on every import, so a repeat stores nothing twice", async () => {
    const { suite, taskIds } = await suiteWithItems(1, [sme]);
    const { eval_id: _id, created_at: _at, ...withoutIds } = judgeRecord(taskIds[0]!);
    const first = await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl([withoutIds]) });
    const second = await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl([withoutIds]) });
    expect([first.stored, second.stored, second.alreadyPresent]).toEqual([1, 0, 1]);
    expect(await db().reviewTask.count({ where: { suiteId: suite.id } })).toBe(1);
  });

  it("reads a JSONL file whose first line is broken line by line, reporting each line", async () => {
    const { suite, taskIds } = await suiteWithItems(1, [sme]);
    const file = Readable.from([`{"rater": \n${JSON.stringify(judgeRecord(taskIds[0]!))}\n{"also": "broken"\n`]);
    const report = await importPrefills({ actor: admin, suiteId: suite.id, file, storeValid: true });
    expect(report.format).toBe("jsonl");
    expect(report.errors.map((error) => [error.line, error.rule])).toEqual([
      [1, "json"],
      [3, "json"],
    ]);
    expect(report.stored).toBe(1);
  });

  it("is for admins only", async () => {
    const { suite, taskIds } = await suiteWithItems(1, [sme]);
    expect(
      (await rejection(importPrefills({ actor: sme, suiteId: suite.id, file: jsonl([judgeRecord(taskIds[0]!)]) })))
        .code,
    ).toBe("FORBIDDEN");
  });
});

describe("SME review", () => {
  async function importedPrefills(count: number, reviewers: TestUser[] = [sme]) {
    const { suite, taskIds } = await suiteWithItems(count, reviewers);
    const records = taskIds.map((taskId) => judgeRecord(taskId));
    await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl(records) });
    return { suite, records };
  }

  it("stores a hybrid record deriving from the judge record, leaves the judge record as it was, and keeps a decision per field", async () => {
    const { suite, records } = await importedPrefills(1);
    const judgeBefore = await db().evalRecord.findUniqueOrThrow({ where: { evalId: records[0]!.eval_id } });
    const held = await nextReviewTask({ actor: sme, suiteId: suite.id });
    expect(held).toBe(records[0]!.eval_id);
    const task = await getReviewTask({ actor: sme, judgeEvalId: held! });
    const draft = structuredClone(judgmentOf(task.judgeRecord)) as ReturnType<typeof validJudgmentFor>;
    (draft.universal as Record<string, { score: number }>).helpfulness!.score = 2;
    Object.assign(draft.safety as Record<string, unknown>, {
      is_violating_any: true,
      hate: { verdict: "violating", severity: 2, evidence: "a quote" },
    });
    const saved = await saveReviewDraft({ actor: sme, judgeEvalId: held!, baseVersion: task.draftVersion, draft });
    expect(saved.version).toBe(task.draftVersion + 1);

    const submitted = await submitReview({ actor: sme, judgeEvalId: held!, draft });
    const hybrid = await getRecord({ actor: sme, evalId: submitted.evalId });
    expect(hybrid.body.rater).toEqual({ type: "hybrid", id: sme.userId });
    expect(hybrid.body.derived_from).toBe(records[0]!.eval_id);
    expect(hybrid.body.task).toEqual(records[0]!.task);
    const judgeAfter = await db().evalRecord.findUniqueOrThrow({ where: { evalId: records[0]!.eval_id } });
    expect(judgeAfter).toEqual(judgeBefore);

    const decisions = await db().reviewDecision.findMany({
      where: { hybridEvalId: submitted.evalId, decision: { not: "accepted" } },
      orderBy: { path: "asc" },
    });
    expect(decisions.map((row) => [row.path, row.decision, row.judgeValue, row.finalValue])).toEqual([
      ["/safety/hate/evidence", "added", null, "a quote"],
      ["/safety/hate/severity", "added", null, 2],
      ["/safety/hate/verdict", "added", null, "violating"],
      ["/universal/helpfulness/score", "edited", 4, 2],
    ]);
    expect(submitted.changedFields).toBe(4);

    // An export of the hybrid record carries these decisions in its sidecar, in file order.
    const exported = await startRecordExport({
      actor: admin,
      filter: { rater_type: ["hybrid"], task_id: [records[0]!.task.task_id] },
      format: "jsonl",
    });
    expect(JSON.parse(await new Response(exported.body).text())).toEqual(hybrid.body);
    const sidecar = (await new Response(await exportDecisions({ actor: admin, exportId: exported.exportId })).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(sidecar.filter((line) => line.decision !== "accepted")).toEqual([
      {
        eval_id: submitted.evalId,
        derived_from: records[0]!.eval_id,
        field: "/safety/hate/evidence",
        decision: "added",
        value: "a quote",
      },
      {
        eval_id: submitted.evalId,
        derived_from: records[0]!.eval_id,
        field: "/safety/hate/severity",
        decision: "added",
        value: 2,
      },
      {
        eval_id: submitted.evalId,
        derived_from: records[0]!.eval_id,
        field: "/safety/hate/verdict",
        decision: "added",
        value: "violating",
      },
      {
        eval_id: submitted.evalId,
        derived_from: records[0]!.eval_id,
        field: "/universal/helpfulness/score",
        decision: "edited",
        judge_value: 4,
        value: 2,
      },
    ]);
    expect(sidecar.length).toBe(await db().reviewDecision.count({ where: { hybridEvalId: submitted.evalId } }));

    const summary = await reviewSummary({ actor: admin, suiteId: suite.id });
    expect([summary.open, summary.reviewed]).toEqual([0, 1]);
    expect(summary.likert.find((row) => row.dimension === "/universal/helpfulness")).toEqual({
      dimension: "/universal/helpfulness",
      reviewed: 1,
      changed: 1,
      meanAbsoluteChange: 2,
    });
    expect(summary.likert.find((row) => row.dimension === "/universal/faithfulness")?.meanAbsoluteChange).toBe(0);
    expect(summary.hazards).toEqual([{ hazard: "hate", missed: 1, overCalled: 0 }]);
    expect(summary.fields.find((row) => row.path === "/universal/helpfulness/score")?.acceptanceRate).toBe(0);
    expect(summary.fields.find((row) => row.path === "/universal/overall_quality/score")?.acceptanceRate).toBe(1);
  });

  it("stores one record when the same review is submitted twice at once", async () => {
    const { suite, records } = await importedPrefills(1);
    const held = await nextReviewTask({ actor: sme, suiteId: suite.id });
    const draft = judgmentOf(records[0]!);
    const [a, b] = await Promise.all([
      submitReview({ actor: sme, judgeEvalId: held!, draft }),
      submitReview({ actor: sme, judgeEvalId: held!, draft }),
    ]);
    expect(a.evalId).toBe(b.evalId);
    expect([a.alreadySubmitted, b.alreadySubmitted].sort()).toEqual([false, true]);
    expect(await db().evalRecord.count({ where: { derivedFrom: records[0]!.eval_id } })).toBe(1);
    expect(await nextReviewTask({ actor: sme, suiteId: suite.id })).toBeNull();
  });

  it("lets an SME read the judge records of their suites only, on every page of the records list", async () => {
    const outsider = await createTestUser(["sme"]);
    const other = await createTestUser(["rater"]);
    const { suite, records } = await importedPrefills(1);
    const othersRecord = await submitRecord({
      actor: other,
      draft: { ...judgmentOf(records[0]!), task: records[0]!.task, subject: records[0]!.subject },
    });
    expect((await getRecord({ actor: sme, evalId: records[0]!.eval_id })).evalId).toBe(records[0]!.eval_id);
    expect((await rejection(getRecord({ actor: outsider, evalId: records[0]!.eval_id }))).code).toBe("NOT_FOUND");
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listRecords>> = await listRecords({ actor: sme, cursor, limit: 1 });
      seen.push(...page.records.map((record) => record.evalId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toContain(records[0]!.eval_id);
    expect(seen).not.toContain(othersRecord.evalId);
    const visible = await db().evalRecord.findMany({
      where: { evalId: { in: seen } },
      select: { submittedById: true, raterType: true },
    });
    expect(visible.every((row) => row.submittedById === sme.userId || row.raterType === "llm_judge")).toBe(true);
    void suite;
  });

  it("tells an SME whose hold was taken over that the draft was not saved", async () => {
    const other = await createTestUser(["sme"]);
    const { suite } = await importedPrefills(1, [sme, other]);
    const held = await nextReviewTask({ actor: sme, suiteId: suite.id });
    const task = await getReviewTask({ actor: sme, judgeEvalId: held! });
    await db()
      .$executeRaw`UPDATE review_task SET active_counted_at = now() - interval '30 seconds' WHERE judge_eval_id = ${held}::uuid`;
    await saveReviewDraft({
      actor: sme,
      judgeEvalId: held!,
      baseVersion: task.draftVersion,
      draft: {},
      activeMs: 20_000,
    });
    const timeOf = () =>
      db().reviewTask.findUniqueOrThrow({ where: { judgeEvalId: held! }, select: { claimedAt: true, activeMs: true } });
    const before = await timeOf();
    expect(before.activeMs).toBe(20_000);
    await db()
      .$executeRaw`UPDATE review_task SET held_until = now() - interval '1 second' WHERE judge_eval_id = ${held}::uuid`;
    expect(await nextReviewTask({ actor: other, suiteId: suite.id })).toBe(held);
    // Time on item is the present holder's: the takeover starts it from zero, with a claim time of its own.
    const after = await timeOf();
    expect(after.activeMs).toBe(0);
    expect(after.claimedAt!.getTime()).toBeGreaterThan(before.claimedAt!.getTime());
    const conflict = await rejection(
      saveReviewDraft({ actor: sme, judgeEvalId: held!, baseVersion: task.draftVersion + 1, draft: {} }),
    );
    expect(conflict.code).toBe("CONFLICT");
    expect(conflict.message).toMatch(/another SME took it over/);
  });

  it("gives each prefill to one SME at a time, and only to SMEs assigned to the suite", async () => {
    const other = await createTestUser(["sme"]);
    const outsider = await createTestUser(["sme"]);
    const rater = await createTestUser(["rater"]);
    const { suite } = await importedPrefills(2, [sme, other]);
    const [first, second] = await Promise.all([
      nextReviewTask({ actor: sme, suiteId: suite.id }),
      nextReviewTask({ actor: other, suiteId: suite.id }),
    ]);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(first).not.toBe(second);
    expect(await nextReviewTask({ actor: sme, suiteId: suite.id })).toBe(first);
    expect((await rejection(getReviewTask({ actor: other, judgeEvalId: first! }))).code).toBe("NOT_FOUND");
    expect((await rejection(nextReviewTask({ actor: outsider, suiteId: suite.id }))).code).toBe("NOT_FOUND");
    expect((await rejection(nextReviewTask({ actor: rater, suiteId: suite.id }))).code).toBe("FORBIDDEN");
  });

  it("refuses a review that names another rater, and one that breaks the rules, storing nothing", async () => {
    const { suite, records } = await importedPrefills(1);
    const held = await nextReviewTask({ actor: sme, suiteId: suite.id });
    const spoofed = await rejection(
      submitReview({
        actor: sme,
        judgeEvalId: held!,
        draft: { ...judgmentOf(records[0]!), rater: { type: "llm_judge", id: "x" } },
      }),
    );
    expect(spoofed.issues.map((issue) => issue.path)).toEqual(["/rater"]);
    const draft = structuredClone(judgmentOf(records[0]!)) as Record<string, Record<string, Record<string, unknown>>>;
    draft.universal!.helpfulness = { score: 2, confidence: "high" };
    const invalid = await rejection(submitReview({ actor: sme, judgeEvalId: held!, draft }));
    expect(invalid.issues.map((issue) => `${issue.path} ${issue.rule}`)).toEqual([
      "/universal/helpfulness/rationale rationaleRequired",
    ]);
    expect(await db().evalRecord.count({ where: { derivedFrom: records[0]!.eval_id } })).toBe(0);
  });

  it("shows the whole chain, judge → hybrid → correction, from any record in it", async () => {
    const smeRater = await createTestUser(["sme"]);
    const { suite, records } = await importedPrefills(1, [smeRater]);
    const held = await nextReviewTask({ actor: smeRater, suiteId: suite.id });
    const hybrid = await submitReview({ actor: smeRater, judgeEvalId: held!, draft: judgmentOf(records[0]!) });
    const hybridBody = (await getRecord({ actor: smeRater, evalId: hybrid.evalId })).body;
    const { eval_id: _e, created_at: _c, schema_version: _s, rater: _r, ...correction } = hybridBody;
    const corrected = await submitRecord({ actor: smeRater, draft: { ...correction, derived_from: hybrid.evalId } });

    const fromJudge = await recordProvenance({ actor: admin, evalId: records[0]!.eval_id });
    expect(fromJudge.ancestors).toEqual([]);
    expect(fromJudge.descendants.map((link) => [link.evalId, link.depth])).toEqual([
      [hybrid.evalId, 1],
      [corrected.evalId, 2],
    ]);
    const fromCorrection = await recordProvenance({ actor: smeRater, evalId: corrected.evalId });
    expect(fromCorrection.ancestors.map((link) => link.evalId)).toEqual([records[0]!.eval_id, hybrid.evalId]);
    const fromHybrid = await recordProvenance({ actor: admin, evalId: hybrid.evalId });
    expect(fromHybrid.decisions.length).toBeGreaterThan(10);
    expect(fromHybrid.decisions.every((decision) => decision.decision === "accepted")).toBe(true);
  });
});
