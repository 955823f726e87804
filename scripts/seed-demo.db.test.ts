// The demo data `npm run serve -- --seed-demo` loads: it must keep loading as
// the app grows, store only valid records that say they are generated, and
// give every headline page data on first start — the SME's review queues, the
// quality report (agreement, drift, the judge verdict) and the pairwise
// leaderboard (win rates, position bias, the judge's flips). It runs in a
// database of its own (empty, as on a first start) so the fixture items it
// imports do not meet other test files' imports of the same files.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { validateAgainstContract, validateRecord } from "@/lib/aif/validate";
import { judgeVerdict } from "@/lib/analytics/judge-verdict";
import { suiteReport } from "@/lib/analytics/suite-report";
import type { Actor } from "@/lib/auth/actor";
import { bulkPool, db } from "@/lib/db";
import { pairwiseLeaderboard } from "@/lib/pairwise/leaderboard-query";
import { pairReviewQueues } from "@/lib/pairwise/pair-reviewers";
import { pairwiseSuitesForRater } from "@/lib/pairwise/rater-queue";
import { reviewQueues } from "@/lib/review/review-tasks";
import { createTestDatabase, useDatabaseInThisFile, type TestDatabase } from "@/lib/testing/test-database";
import { createTestUser } from "@/lib/testing/test-users";
import { seedDemoData } from "./seed-demo";
import { DEMO_PAIRWISE_SUITE_KEY } from "./seed-demo-pairwise";
import { DEMO_QUALITY_SUITE_KEY } from "./seed-demo-quality";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("seed");
  // Before the first db() call of this file (each test file has its own modules).
  useDatabaseInThisFile(database);
});
afterAll(async () => {
  await db().$disconnect();
  await bulkPool().end();
  await database.drop();
});

async function actorOf(email: string, roles: Actor["roles"]): Promise<Actor> {
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  return { userId: user.id, email: user.email, name: user.name, roles, via: "session" };
}

type StoredBody = {
  rater: { type: string; model?: string };
  universal: Record<string, { rationale?: string } | string | null>;
  task: { suite_id?: string };
};

// A longer timeout than the default 30 s: the seed alone takes ~25 s on a loaded 2-core machine.
it("seeds valid, self-declared generated demo data that fills the review queues, the quality report and the leaderboard", async () => {
  await createTestUser(["admin"]);
  const started = performance.now();
  const logins = await seedDemoData();
  const seconds = (performance.now() - started) / 1000;
  console.log(`demo seed: ${seconds.toFixed(1)} s`); // the figure quickstart waits for, in the test log
  expect(logins.map((login) => login.roles.join("+")).sort()).toEqual(["rater", "sme"]);
  expect(await seedDemoData()).toEqual([]);

  // Every record is valid AIF, and every rating of the demo content says it was generated.
  const records = await db().evalRecord.findMany({ select: { evalId: true, body: true } });
  const invalid = records.flatMap((record) => {
    const issues = [...validateAgainstContract(record.body), ...validateRecord(record.body)];
    return issues.length > 0 ? [{ evalId: record.evalId, issues: issues.slice(0, 3) }] : [];
  });
  expect(invalid).toEqual([]);
  const demoContent = records
    .map((record) => record.body as unknown as StoredBody)
    .filter((body) => [DEMO_QUALITY_SUITE_KEY, DEMO_PAIRWISE_SUITE_KEY].includes(body.task.suite_id ?? ""));
  expect(demoContent.length).toBe(90 + 30 + 2 * (60 + 20));
  const rationales = demoContent.flatMap((body) =>
    Object.values(body.universal).flatMap((value) =>
      value !== null && typeof value === "object" ? [value.rationale ?? ""] : [],
    ),
  );
  expect(rationales.filter((rationale) => !/\(generated demo (judge )?rating\)$/.test(rationale))).toEqual([]);
  expect(rationales.some((rationale) => /Generated demo answer|seed script/.test(rationale))).toBe(false);
  const judgeModels = new Set(
    demoContent.flatMap((body) => (body.rater.type === "llm_judge" ? [body.rater.model] : [])),
  );
  expect([...judgeModels].every((model) => model?.includes("generated"))).toBe(true);
  const raterNames = await db().user.findMany({
    where: { email: { startsWith: "demo-rater-" } },
    select: { name: true },
    orderBy: { name: "asc" },
  });
  expect(raterNames.map((user) => user.name)).toEqual([
    "Demo Rater A (generated)",
    "Demo Rater B (generated)",
    "Demo Rater C (generated)",
    "Demo Rater D (generated, drifts)",
  ]);

  // What the demo SME has to review: what the README says.
  const sme = await actorOf("sme@demo.evalform.local", ["sme"]);
  const queues = await reviewQueues({ actor: sme });
  const open = (key: string) => queues.find((queue) => queue.key === key)?.open;
  const pairReviews = await pairReviewQueues({ actor: sme });
  expect([open("demo-suite"), open(DEMO_QUALITY_SUITE_KEY), queues.length]).toEqual([6, 30, 2]);
  expect(pairReviews).toMatchObject([{ key: DEMO_PAIRWISE_SUITE_KEY, open: 20, reviewedByMe: 0 }]);
  expect(readFileSync("README.md", "utf8").replace(/\s+/g, " ")).toContain(
    "The demo SME has 56 judge verdicts to review: 6 prefills in the Demo suite, 30 in the Demo quality suite and 20 pairwise verdicts.",
  );
  // The demo rater has a slot on every pair.
  const rater = await actorOf("rater@demo.evalform.local", ["rater"]);
  expect(await pairwiseSuitesForRater({ actor: rater })).toMatchObject([
    { key: DEMO_PAIRWISE_SUITE_KEY, availableToMe: 20, mySubmitted: 0 },
  ]);

  // The quality report: agreement between raters, a drifting rater, and a judge trusted on some dimensions only.
  const admin = await db().user.findFirstOrThrow({ where: { roles: { has: "admin" } } });
  const adminActor = await actorOf(admin.email, ["admin"]);
  const quality = await db().suite.findUniqueOrThrow({ where: { key: DEMO_QUALITY_SUITE_KEY } });
  const report = await suiteReport({ actor: adminActor, suiteId: quality.id, bootstrapSamples: 100 });
  expect([report.items, report.ratings]).toEqual([30, 90 + 30]);
  const overall = report.likert.find((entry) => entry.dimension === "universal.overall_quality")!;
  expect(overall.humanHuman.alpha).toBeGreaterThan(0.667);
  const verdict = judgeVerdict(report);
  expect(verdict.overall).toBe("mixed");
  expect(verdict.dimensions.find((entry) => entry.dimension === "universal.faithfulness")?.verdict).toBe("not_trusted");
  expect(verdict.dimensions.find((entry) => entry.dimension === "universal.helpfulness")?.verdict).toBe("trusted");
  expect(report.calibration.raters.filter((entry) => entry.drifting.length > 0).map((entry) => entry.name)).toEqual([
    "Demo Rater D (generated, drifts)",
  ]);

  // The leaderboard: the strong system beats the baseline, the small one loses to it; humans and the judge both
  // counted; the judge flips on close pairs and leans towards the response shown first.
  const pairwise = await db().pairwiseSuite.findUniqueOrThrow({ where: { key: DEMO_PAIRWISE_SUITE_KEY } });
  const board = await pairwiseLeaderboard({ actor: adminActor, suiteId: pairwise.id, bootstrap: { samples: 100 } });
  expect(board.judgments).toBe(80);
  const winRate = (system: string) => board.winRates.find((entry) => entry.system === system)?.rate ?? null;
  expect(winRate("demo-assistant-v2")).toBeGreaterThan(0.6);
  expect(winRate("demo-lite")).toBeLessThan(0.3);
  expect(board.positionBiasByRaterType.map((entry) => entry.raterType)).toEqual(["human", "llm_judge"]);
  expect(board.judgeConsistency?.flips).toBeGreaterThan(0);
  expect(board.judgeConsistency?.positionBias.rate).toBeGreaterThan(0.5);
  expect(board.agreementByRaters.humanJudge.units).toBeGreaterThan(0);
}, 180_000);
