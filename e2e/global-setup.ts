// Creates the test users, signs each one in through the real sign-in endpoint
// and saves its browser state; then disables the "disabled" user (whose saved
// session must from then on be refused).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { request, type FullConfig } from "@playwright/test";
import { e2eUsers, STATE_DIR, storageStateOf, USERS_FILE, type E2eRole } from "./support/users";

export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]!.use.baseURL!;
  mkdirSync(STATE_DIR, { recursive: true });
  const output = execFileSync("node_modules/.bin/tsx", ["--conditions=react-server", "e2e/support/seed-users.ts"], {
    encoding: "utf8",
  });
  writeFileSync(USERS_FILE, output);
  const users = e2eUsers();
  for (const role of Object.keys(users) as E2eRole[]) {
    const context = await request.newContext({ baseURL });
    const response = await context.post("/api/auth/sign-in/email", {
      data: { email: users[role].email, password: users[role].password },
    });
    if (!response.ok())
      throw new Error(`sign-in of the e2e ${role} failed: ${response.status()} ${await response.text()}`);
    await context.storageState({ path: storageStateOf(role) });
    await context.dispose();
  }
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  const disabled = await admin.patch(`/api/users/${users.disabled.userId}`, { data: { disabled: true } });
  if (!disabled.ok()) throw new Error(`could not disable the e2e disabled user: ${disabled.status()}`);
  await admin.dispose();
}
