// The users the global setup created, and where each one's signed-in browser
// state is stored.
import { readFileSync } from "node:fs";
import path from "node:path";

export type E2eUser = { userId: string; email: string; name: string; roles: string[]; password: string };
export type E2eRole = "admin" | "rater" | "sme" | "otherRater" | "disabled";

export const STATE_DIR = path.join(process.cwd(), ".reports", "e2e-auth");
export const USERS_FILE = path.join(STATE_DIR, "users.json");

export function storageStateOf(role: E2eRole): string {
  return path.join(STATE_DIR, `${role}.json`);
}

export function e2eUsers(): Record<E2eRole, E2eUser> {
  return JSON.parse(readFileSync(USERS_FILE, "utf8"));
}
