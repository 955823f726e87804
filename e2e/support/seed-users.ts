// Run by the e2e global setup (under tsx, in Node): one user per role plus a
// second rater and a user to disable, created through lib/users. Prints JSON.
import { createTestUser } from "@/lib/testing/test-users";
import { db } from "@/lib/db";

const users = {
  admin: await createTestUser(["admin"], { label: "e2e-admin" }),
  rater: await createTestUser(["rater"], { label: "e2e-rater" }),
  sme: await createTestUser(["sme"], { label: "e2e-sme" }),
  otherRater: await createTestUser(["rater"], { label: "e2e-rater2" }),
  disabled: await createTestUser(["rater"], { label: "e2e-disabled" }),
};
await db().$disconnect();
process.stdout.write(JSON.stringify(users));
