// The demo data `npm run serve -- --seed-demo` loads: it must keep loading as
// the app grows, and give the demo SME prefills to review.
import { afterAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { reviewQueues } from "@/lib/review/review-tasks";
import { createTestUser } from "@/lib/testing/test-users";
import { loadDemoData } from "./seed-demo";

afterAll(() => db().$disconnect());

it("seeds a demo suite whose prefills wait for the demo SME", async () => {
  await createTestUser(["admin"]);
  const logins = await loadDemoData();
  expect(logins.map((login) => login.roles.join("+")).sort()).toEqual(["rater", "sme"]);
  const smeUser = await db().user.findUniqueOrThrow({ where: { email: "sme@demo.evalform.local" } });
  const queues = await reviewQueues({ actor: { userId: smeUser.id, email: smeUser.email, name: smeUser.name, roles: ["sme"], via: "session" } });
  // Other test files may have imported the same fixture files first (items are imported once), so the suite can be smaller here.
  const suite = await db().suite.findUniqueOrThrow({ where: { key: "demo-suite" }, select: { _count: { select: { items: true } } } });
  expect(suite._count.items).toBeGreaterThan(0);
  expect(queues.find((queue) => queue.key === "demo-suite")).toMatchObject({ open: Math.min(6, suite._count.items), reviewedByMe: 0 });
});
