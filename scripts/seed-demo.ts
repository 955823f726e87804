// Demo data: a rater and an SME (passwords generated and printed) with a few
// records submitted through the same service the API uses. Skips when users
// other than admins exist.
import { agentDraft, chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import { submitRecord } from "@/lib/records/service";
import { createUserWithPassword, generatePassword, type UserView } from "@/lib/users/service";

export type DemoLogin = { email: string; password: string; roles: string[] };

function actorOf(user: UserView): Actor {
  return { userId: user.id, email: user.email, name: user.name, roles: user.roles, via: "session" };
}

export async function seedDemoData(): Promise<DemoLogin[]> {
  const nonAdmins = await db().user.count({ where: { NOT: { roles: { has: "admin" } } } });
  if (nonAdmins > 0) return [];
  const logins: DemoLogin[] = [];
  const create = async (email: string, name: string, roles: ("rater" | "sme")[]) => {
    const password = generatePassword();
    logins.push({ email, password, roles });
    return createUserWithPassword({ email, name, roles, password });
  };
  const rater = actorOf(await create("rater@demo.evalform.local", "Demo Rater", ["rater"]));
  const sme = actorOf(await create("sme@demo.evalform.local", "Demo SME", ["sme"]));

  const first = await submitRecord({ actor: rater, draft: withoutRater(chatDraft()) });
  await submitRecord({ actor: sme, draft: withoutRater(agentDraft()) });
  const corrected = withoutRater(chatDraft());
  await submitRecord({
    actor: rater,
    draft: { ...corrected, derived_from: first.evalId, universal: { ...chatDraft().universal, overall_quality: { score: 4, confidence: "high" } } },
  });
  return logins;
}

export function printLogins(logins: DemoLogin[]): void {
  for (const login of logins) console.log(`  demo ${login.roles.join("+").padEnd(5)} ${login.email}  password: ${login.password}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const logins = await seedDemoData();
  if (logins.length === 0) console.log("users exist; demo data not loaded");
  else printLogins(logins);
  await db().$disconnect();
}
