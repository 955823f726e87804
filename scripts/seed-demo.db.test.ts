// The demo data `npm run serve -- --seed-demo` loads: it must keep loading as
// the app grows, and give the demo SME prefills to review. It runs in a
// database of its own (empty, as on a first start) so the fixture items it
// imports do not meet other test files' imports of the same files.
import { afterAll, beforeAll, expect, it } from "vitest";
import { bulkPool, db } from "@/lib/db";
import { reviewQueues } from "@/lib/review/review-tasks";
import { createTestDatabase, useDatabaseInThisFile, type TestDatabase } from "@/lib/testing/test-database";
import { createTestUser } from "@/lib/testing/test-users";
import { judgeVerdict } from "@/lib/analytics/judge-verdict";
import { suiteReport } from "@/lib/analytics/suite-report";
import { seedDemoData } from "./seed-demo";
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

it("seeds a demo suite whose prefills wait for the demo SME", async () => {
  await createTestUser(["admin"]);
  const logins = await seedDemoData();
  expect(logins.map((login) => login.roles.join("+")).sort()).toEqual(["rater", "sme"]);
  const smeUser = await db().user.findUniqueOrThrow({ where: { email: "sme@demo.evalform.local" } });
  const queues = await reviewQueues({
    actor: { userId: smeUser.id, email: smeUser.email, name: smeUser.name, roles: ["sme"], via: "session" },
  });
  expect(queues.find((queue) => queue.key === "demo-suite")).toMatchObject({ open: 6, reviewedByMe: 0 });
  expect(await seedDemoData()).toEqual([]);

  // The quality suite: several raters, gold items, a judge; its report answers whether the judge can be trusted.
  const admin = await db().user.findFirstOrThrow({ where: { roles: { has: "admin" } } });
  const adminActor = {
    userId: admin.id,
    email: admin.email,
    name: admin.name,
    roles: ["admin" as const],
    via: "session" as const,
  };
  const quality = await db().suite.findUniqueOrThrow({ where: { key: DEMO_QUALITY_SUITE_KEY } });
  const report = await suiteReport({ actor: adminActor, suiteId: quality.id, bootstrapSamples: 100 });
  expect([report.items, report.ratings]).toEqual([30, 120]);
  const verdict = judgeVerdict(report);
  expect(verdict.overall).toBe("mixed");
  expect(verdict.dimensions.find((entry) => entry.dimension === "universal.faithfulness")?.verdict).toBe("not_trusted");
  expect(verdict.dimensions.find((entry) => entry.dimension === "universal.helpfulness")?.verdict).toBe("trusted");
  expect(report.calibration.raters.filter((rater) => rater.drifting.length > 0).map((rater) => rater.name)).toEqual([
    "Demo Rater D (drifts)",
  ]);
});
