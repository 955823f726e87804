// Users for tests, created through lib/users with random emails so tests can
// run in parallel on one database.
import { randomBytes } from "node:crypto";
import type { Actor } from "@/lib/auth/actor";
import type { Role } from "@/lib/auth/permissions";
import type { DbClient } from "@/lib/db";
import { createUserWithPassword } from "@/lib/users/service";

export type TestUser = Actor & { password: string };

export async function createTestUser(
  roles: Role[],
  options: { client?: DbClient; label?: string } = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString("hex");
  const email = `${options.label ?? roles.join("-")}-${suffix}@test.evalform.local`;
  const password = `pw-${randomBytes(12).toString("base64url")}`;
  const user = await createUserWithPassword({
    email,
    name: `Test ${roles.join("+")} ${suffix}`,
    roles,
    password,
    client: options.client,
  });
  return { userId: user.id, email: user.email, name: user.name, roles: user.roles, via: "session", password };
}
