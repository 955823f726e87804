// The demo data `npm run serve -- --seed-demo` loads: it must keep loading as
// the app grows, and give the demo SME prefills to review. It runs in a
// database of its own (empty, as on a first start) so the fixture items it
// imports do not meet other test files' imports of the same files.
import { afterAll, beforeAll, expect, it } from "vitest";
import { bulkPool, db } from "@/lib/db";
import { reviewQueues } from "@/lib/review/review-tasks";
import { createTestDatabase, useDatabaseInThisFile, type TestDatabase } from "@/lib/testing/test-database";
import { createTestUser } from "@/lib/testing/test-users";
import { seedDemoData } from "./seed-demo";

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
  const queues = await reviewQueues({ actor: { userId: smeUser.id, email: smeUser.email, name: smeUser.name, roles: ["sme"], via: "session" } });
  expect(queues.find((queue) => queue.key === "demo-suite")).toMatchObject({ open: 6, reviewedByMe: 0 });
  expect(await seedDemoData()).toEqual([]);
});
