// A suite's estimates from stored records: humans rate some items, the judge
// all (one of its fields a not-rated placeholder); GET /api/suites/:id/estimates
// answers the estimates of those per-item values, only admins see them, and
// `evalform estimate` on the suite's export prints the same numbers (a rating
// corrected twice counting once, as its last correction).
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { GET as estimatesRoute } from "@/app/api/suites/[suiteId]/estimates/route";
import { GET as reportRoute } from "@/app/api/suites/[suiteId]/report/route";
import { suiteReport } from "@/lib/analytics/suite-report";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import { notRatedLikert } from "@/lib/aif/not-rated";
import { createApiToken } from "@/lib/auth/api-tokens";
import { db } from "@/lib/db";
import { startRecordExport } from "@/lib/export/stream-export";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { submitAssignment } from "@/lib/queues/assignments";
import { correctSubmittedAssignment } from "@/lib/queues/correction";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { importPrefills } from "@/lib/review/prefill-import";
import { createSuite } from "@/lib/suites/service";
import { rejection } from "@/lib/testing/rejection";
import { importTestItems, jsonl } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { estimateMean } from "./estimate-mean";
import { withTargetWidth } from "./ratings-estimates";
import { suiteEstimates } from "./suite-estimates";

const run = promisify(execFile);

function expectSameFigures(actual: unknown, expected: unknown, at = ""): void {
  if (typeof expected === "number" && typeof actual === "number") {
    expect(Math.abs(actual - expected), at).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));
  } else if (Array.isArray(expected) && Array.isArray(actual)) {
    expect(actual.length, at).toBe(expected.length);
    expected.forEach((entry, index) => expectSameFigures(actual[index], entry, `${at}/${index}`));
  } else if (expected && typeof expected === "object" && actual && typeof actual === "object") {
    expect(Object.keys(actual).sort(), at).toEqual(Object.keys(expected).sort());
    for (const [key, entry] of Object.entries(expected))
      expectSameFigures((actual as Record<string, unknown>)[key], entry, `${at}/${key}`);
  } else expect(actual, at).toEqual(expected);
}
let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const likert = (score: number) => ({ score, confidence: "high", rationale: `score ${score}` });

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  return Buffer.concat(parts);
}

it("estimates per system and measure from the suite's judge and human records; the CLI on its export agrees", async () => {
  const rater = await createTestUser(["rater"]);
  const { importId, taskIds } = await importTestItems(admin, 8);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Estimates",
      key: `estimates-${importId.slice(0, 8)}`,
      overlap_k: 1,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [rater.userId],
      import_ids: [importId],
    },
  });
  const humanScore = (taskId: string) => 1 + (taskIds.indexOf(taskId) % 5);
  const judgeScore = (taskId: string) => Math.min(5, 2 + (taskIds.indexOf(taskId) % 4));
  const humanRated: string[] = [];
  const assignmentOf = new Map<string, string>();
  while (humanRated.length < 5) {
    const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
    if (!next.assignmentId) break;
    const { taskId } = (
      await db().assignment.findUniqueOrThrow({
        where: { id: next.assignmentId },
        include: { suiteItem: { include: { item: true } } },
      })
    ).suiteItem.item;
    const universal = { ...validJudgmentFor("chat").universal, helpfulness: likert(humanScore(taskId)) };
    await submitAssignment({ rater: userRater(rater), assignmentId: next.assignmentId, draft: { universal } });
    humanRated.push(taskId);
    assignmentOf.set(taskId, next.assignmentId);
  }
  // The rater corrects one rating twice: only the last correction counts (suite_rating), in the API and the CLI alike.
  const correctedTask = humanRated[0]!;
  const correctedScore = humanScore(correctedTask) === 5 ? 1 : 5;
  for (const score of [3, correctedScore]) {
    const universal = { ...validJudgmentFor("chat").universal, helpfulness: likert(score) };
    await correctSubmittedAssignment({
      rater: userRater(rater),
      assignmentId: assignmentOf.get(correctedTask)!,
      draft: { universal },
    });
  }
  const countedHumanScore = (taskId: string) => (taskId === correctedTask ? correctedScore : humanScore(taskId));
  const placeholderTask = taskIds.find((taskId) => humanRated.includes(taskId))!;
  const judgeRecords = taskIds.map((taskId) => ({
    schema_version: AIF_SCHEMA_VERSION,
    eval_id: randomUUID(),
    created_at: "2026-11-01T00:00:00.000Z",
    rater: { type: "llm_judge", id: "j#1" },
    task: { task_id: taskId, suite_id: suite.key, modality: "chat", prompt: `Prompt of ${taskId}` },
    subject: { system_under_test: "Test Model", modality_tags: ["chat"] },
    ...validJudgmentFor("chat", {
      universal: {
        ...validJudgmentFor("chat").universal,
        helpfulness: taskId === placeholderTask ? notRatedLikert("overall score only") : likert(judgeScore(taskId)),
      },
    }),
  }));
  expect((await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl(judgeRecords) })).stored).toBe(8);

  const estimates = await suiteEstimates({ actor: admin, suiteId: suite.id, targetWidth: 1 });
  expect(estimates.systems.map((system) => system.system)).toEqual(["Test Model"]);
  const helpfulness = estimates.systems[0]!.measures.find((entry) => entry.measure === "likert:universal.helpfulness")!;
  const sorted = [...taskIds].sort();
  const expected = estimateMean({
    judge: Float64Array.from(sorted, (taskId) => (taskId === placeholderTask ? NaN : judgeScore(taskId))),
    human: Float64Array.from(sorted, (taskId) => (humanRated.includes(taskId) ? countedHumanScore(taskId) : NaN)),
  });
  // Equal to rounding: the items are summed in the database's order, which need not be JavaScript's sort order.
  const shown = helpfulness as unknown as Record<string, unknown>;
  expectSameFigures(Object.fromEntries(Object.keys(expected).map((key) => [key, shown[key]])), expected);
  // Four items both rated, three only the judge; the placeholder's item counts for human-only, not for PPI++.
  expect(helpfulness.used).toEqual({ labelled: 4, unlabelled: 3, humanWithoutJudge: 1, humanOutsideDesign: 0 });
  expect(helpfulness.ratingsNeeded).not.toBeNull();
  expect(await rejection(suiteEstimates({ actor: rater, suiteId: suite.id }))).toMatchObject({ code: "FORBIDDEN" });
  expect(await rejection(suiteEstimates({ actor: admin, suiteId: randomUUID() }))).toMatchObject({ code: "NOT_FOUND" });

  // The API's answer and `evalform estimate` on the export: the same figures.
  const token = (await createApiToken({ actor: admin, name: `e-${randomUUID().slice(0, 8)}`, roles: ["admin"] })).token;
  const response = await estimatesRoute(
    new Request(`http://127.0.0.1:3000/api/suites/${suite.id}/estimates?target_width=1`, {
      headers: { authorization: `Bearer ${token}` },
    }),
    { params: Promise.resolve({ suiteId: suite.id }) },
  );
  expect(response.status).toBe(200);
  const {
    suite: _suite,
    adjudications_not_used: adjudications,
    ...api
  } = (await response.json()) as Record<string, unknown>;
  expect(adjudications).toBe(0);
  expect((api.systems as { measures: { corrected: unknown }[] }[])[0]!.measures.length).toBeGreaterThan(5);

  // The quality report carries the same estimates (target width applied at read time), in its JSON too.
  const { suite: _row, adjudicationsNotUsed: _adjudications, ...plain } = estimates;
  const report = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 20 });
  expect(withTargetWidth(report.estimates, 1)).toEqual(plain);
  const reportResponse = await reportRoute(
    new Request(`http://127.0.0.1:3000/api/suites/${suite.id}/report`, {
      headers: { authorization: `Bearer ${token}` },
    }),
    { params: Promise.resolve({ suiteId: suite.id }) },
  );
  expect(reportResponse.status).toBe(200);
  const reportJson = (await reportResponse.json()) as { estimates: { systems: unknown[]; target_width: unknown } };
  expect(reportJson.estimates.target_width).toBeNull();
  expect(reportJson.estimates.systems).toEqual(
    (api.systems as { measures: { ratings_needed: unknown }[] }[]).map((system) => ({
      ...system,
      measures: system.measures.map((measure) => ({ ...measure, ratings_needed: null })),
    })),
  );

  const exported = await startRecordExport({ actor: admin, filter: { suite_id: suite.key }, format: "jsonl" });
  const directory = await mkdtemp(path.join(tmpdir(), "estimates-"));
  try {
    const exportPath = path.join(directory, "export.jsonl");
    await writeFile(exportPath, await bytesOf(exported.body));
    const { stdout } = await run(
      process.execPath,
      ["bin/evalform.mjs", "estimate", exportPath, "--target-width", "1"],
      { cwd: path.resolve(import.meta.dirname, "../.."), maxBuffer: 10_000_000 },
    );
    // The same numbers; the last bit may differ, the CLI summing items in file order and the API in the scan's.
    expectSameFigures(JSON.parse(stdout), api);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});
