// Demo data: a rater and an SME (passwords generated and printed) with a few
// records submitted through the same service the API uses. Skips when users
// other than admins exist.
import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { agentDraft, chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { commitImport, createImport, readImportFile } from "@/lib/imports/service";
import { createSuite } from "@/lib/suites/service";
import type { Item } from "@/lib/items/types";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { importPrefills } from "@/lib/review/prefill-import";
import { readDemoContent } from "./seed-demo-content";
import { seedDemoPairwiseSuite } from "./seed-demo-pairwise";
import { seedDemoQualitySuite } from "./seed-demo-quality";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import { submitRecord } from "@/lib/records/submit-record";
import { createUserWithPassword, generatePassword, type UserView } from "@/lib/users/service";

export type DemoLogin = { email: string; password: string; roles: string[] };

function actorOf(user: UserView): Actor {
  return { userId: user.id, email: user.email, name: user.name, roles: user.roles, via: "session" };
}

/** Loads the demo data into a database that has no users but admins yet. */
export async function seedDemoData(): Promise<DemoLogin[]> {
  const nonAdmins = await db().user.count({ where: { NOT: { roles: { has: "admin" } } } });
  if (nonAdmins > 0) return [];
  return loadDemoData();
}

export async function loadDemoData(): Promise<DemoLogin[]> {
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
    draft: {
      ...corrected,
      derived_from: first.evalId,
      universal: { ...chatDraft().universal, overall_quality: { score: 4, confidence: "high" } },
    },
  });
  await seedDemoSuite([rater.userId, sme.userId], sme);
  return logins;
}

// The demo suites' raters: this script, under names that say so. Nobody signs in as them (their passwords
// are not printed); the last one drifts in the quality suite.
export const GENERATED_RATERS = [
  ["A", "generated"],
  ["B", "generated"],
  ["C", "generated"],
  ["D", "generated, drifts"],
] as const;

// The importer fixtures (one file per format, with the variants and bad lines
// they test) become the demo's items; their refused lines show in the reports.
const DEMO_FILES = [
  { file: "eee-variants.jsonl", format: "eee" },
  { file: "gage-samples.jsonl", format: "gage", system_under_test: "Demo gage model" },
  { file: "items.jsonl", format: "items" },
] as const;

async function seedDemoSuite(raterIds: string[], sme: Actor): Promise<void> {
  const adminUser = await db().user.findFirst({ where: { roles: { has: "admin" } }, orderBy: { createdAt: "asc" } });
  if (!adminUser) return;
  const admin: Actor = {
    userId: adminUser.id,
    email: adminUser.email,
    name: adminUser.name,
    roles: ["admin"],
    via: "session",
  };
  const importIds: string[] = [];
  for (const demo of DEMO_FILES) {
    const created = await createImport({
      actor: admin,
      input: {
        format: demo.format,
        file_name: demo.file,
        ...("system_under_test" in demo ? { system_under_test: demo.system_under_test } : {}),
      },
    });
    const read = await readImportFile({
      actor: admin,
      importId: created.id,
      file: createReadStream(path.join(process.cwd(), "lib", "imports", "fixtures", demo.file)),
    });
    if (read.status === "awaiting_decision") await commitImport({ actor: admin, importId: created.id });
    importIds.push(created.id);
  }
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Demo suite",
      key: "demo-suite",
      overlap_k: 2,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: raterIds,
      import_ids: importIds,
    },
  });
  await seedDemoPrefills(admin, suite.id);
  const raters: Actor[] = [];
  for (const [letter, note] of GENERATED_RATERS) {
    const user = await createUserWithPassword({
      email: `demo-rater-${letter.toLowerCase()}@demo.evalform.local`,
      name: `Demo Rater ${letter} (${note})`,
      roles: ["rater"],
      password: generatePassword(),
    });
    raters.push(actorOf(user));
  }
  const content = readDemoContent();
  await seedDemoQualitySuite({ admin, sme, raters, content });
  await seedDemoPairwiseSuite({ admin, sme, raters, demoRaterIds: raterIds, content });
}

// Prefills for the demo SME's review queue. They are written by this script,
// not by a model, and their rater block says so.
async function seedDemoPrefills(admin: Actor, suiteId: string): Promise<void> {
  const items = await db().suiteItem.findMany({
    where: { suiteId },
    orderBy: { position: "asc" },
    take: 6,
    select: { item: { select: { body: true } } },
  });
  const records = items.map(({ item }, index) => {
    const body = item.body as unknown as Item;
    const judgment = validJudgmentFor(body.task.modality);
    const helpfulness = {
      score: [4.2, 3.4, 4.8][index % 3],
      confidence: "medium",
      rationale: "Demo prefill written by the seed script (no model was asked).",
    };
    return {
      rater: {
        type: "llm_judge",
        id: "demo-seed#no-model",
        model: "demo prefill (seed script, no model)",
        n_samples: 1,
      },
      task: { ...body.task, suite_id: "demo-suite" },
      subject: body.subject,
      ...judgment,
      universal: { ...judgment.universal, helpfulness },
    };
  });
  const report = await importPrefills({
    actor: admin,
    suiteId,
    file: Readable.from([records.map((record) => JSON.stringify(record)).join("\n")]),
    fileName: "demo-prefills.jsonl",
  });
  if (report.importId === null) throw new Error(`demo prefills refused: ${JSON.stringify(report.errors)}`);
}

export function printLogins(logins: DemoLogin[]): void {
  for (const login of logins)
    console.log(`  demo ${login.roles.join("+").padEnd(5)} ${login.email}  password: ${login.password}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const logins = await seedDemoData();
  if (logins.length === 0) console.log("users exist; demo data not loaded");
  else printLogins(logins);
  await db().$disconnect();
}
