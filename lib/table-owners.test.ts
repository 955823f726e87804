// One owner per table: a table is written only by the area that owns it;
// others call the owner's functions. This scan fails when a write to an owned
// table (a Prisma create/update/delete on its model, or SQL INSERT/UPDATE/
// DELETE on it) appears in a source file outside the owner's folders.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Owner = { model: string; owners: string[] };

const TABLE_OWNERS: Record<string, Owner> = {
  account: { model: "account", owners: ["lib/users/"] },
  adjudication: { model: "adjudication", owners: ["lib/adjudication/"] },
  adjudication_task: { model: "adjudicationTask", owners: ["lib/adjudication/", "lib/work-items/"] },
  api_token: { model: "apiToken", owners: ["lib/auth/"] },
  app_user: { model: "user", owners: ["lib/users/"] },
  // lib/work-items is the engine both queues run on: it writes their rows for them.
  assignment: { model: "assignment", owners: ["lib/queues/", "lib/work-items/"] },
  audit_event: { model: "auditEvent", owners: ["lib/audit/"] },
  // lib/migrations rewrites stored bodies when the contract's version moves.
  eval_record: { model: "evalRecord", owners: ["lib/records/", "lib/migrations/"] },
  import_staged_item: { model: "importStagedItem", owners: ["lib/imports/"] },
  invitation: { model: "invitation", owners: ["lib/users/"] },
  pairwise_assignment: { model: "pairwiseAssignment", owners: ["lib/pairwise/", "lib/work-items/"] },
  pairwise_judge_pair: { model: "pairwiseJudgePair", owners: ["lib/pairwise/"] },
  pairwise_judge_run: { model: "pairwiseJudgeRun", owners: ["lib/pairwise/"] },
  pairwise_judgment: { model: "pairwiseJudgment", owners: ["lib/pairwise/"] },
  pairwise_pair: { model: "pairwisePair", owners: ["lib/pairwise/"] },
  pairwise_review_task: { model: "pairwiseReviewTask", owners: ["lib/pairwise/", "lib/work-items/"] },
  pairwise_suite: { model: "pairwiseSuite", owners: ["lib/pairwise/"] },
  rater_flag_dismissal: { model: "raterFlagDismissal", owners: ["lib/raters/"] },
  pairwise_suite_rater: { model: "pairwiseSuiteRater", owners: ["lib/pairwise/"] },
  pairwise_suite_reviewer: { model: "pairwiseSuiteReviewer", owners: ["lib/pairwise/"] },
  password_reset: { model: "passwordReset", owners: ["lib/users/"] },
  item: { model: "item", owners: ["lib/imports/"] },
  item_import: { model: "itemImport", owners: ["lib/imports/"] },
  judge_run: { model: "judgeRun", owners: ["lib/judge-runs/"] },
  judge_run_item: { model: "judgeRunItem", owners: ["lib/judge-runs/"] },
  prefill_import: { model: "prefillImport", owners: ["lib/review/"] },
  record_export: { model: "recordExport", owners: ["lib/export/"] },
  record_export_chunk: { model: "recordExportChunk", owners: ["lib/export/"] },
  record_idempotency_key: { model: "recordIdempotencyKey", owners: ["lib/records/"] },
  review_decision: { model: "reviewDecision", owners: ["lib/review/"] },
  review_task: { model: "reviewTask", owners: ["lib/review/", "lib/work-items/"] },
  // Written by better-auth through its adapter, configured in lib/auth and lib/users.
  session: { model: "session", owners: ["lib/users/", "lib/auth/"] },
  verification: { model: "verification", owners: ["lib/users/", "lib/auth/"] },
  share_link: { model: "shareLink", owners: ["lib/share-links/"] },
  sign_in_throttle: { model: "signInThrottle", owners: ["lib/auth/"] },
  suite: { model: "suite", owners: ["lib/suites/"] },
  // The suite creates its items' rows; a submitted rating uses one of an item's slots (lib/queues).
  suite_item: { model: "suiteItem", owners: ["lib/suites/", "lib/queues/"] },
  suite_rater: { model: "suiteRater", owners: ["lib/suites/"] },
  suite_record: { model: "suiteRecord", owners: ["lib/records/"] },
  suite_report_cache: { model: "suiteReportCache", owners: ["lib/analytics/"] },
};

const ROOT = path.resolve(import.meta.dirname, "..");
const SCANNED = ["lib", "app", "components", "scripts"];
const SKIPPED = new Set(["node_modules", "generated", ".next"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    // Tests seed and inspect any table; they are not writers of the product.
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function writesTo(source: string, table: string, model: string): boolean {
  const prisma = new RegExp(
    `\\.${model}\\.(create|createMany|createManyAndReturn|update|updateMany|upsert|delete|deleteMany)\\(`,
  );
  const sql = new RegExp(`\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+"?${table}"?\\b`, "i");
  return prisma.test(source) || sql.test(source);
}

describe("table owners", () => {
  it("recognises the write forms it guards against", () => {
    expect(writesTo("await tx.reviewTask.create({ data })", "review_task", "reviewTask")).toBe(true);
    expect(writesTo("UPDATE review_task t SET draft = 1", "review_task", "reviewTask")).toBe(true);
    expect(writesTo('INSERT INTO "audit_event" (action)', "audit_event", "auditEvent")).toBe(true);
    expect(writesTo("delete from assignment where id = 1", "assignment", "assignment")).toBe(true);
    expect(writesTo("SELECT * FROM review_task JOIN review_decision d", "review_task", "reviewTask")).toBe(false);
    expect(writesTo("db().reviewTask.findMany({})", "review_task", "reviewTask")).toBe(false);
  });

  it("gives every table of the schema an owner", () => {
    const schema = readFileSync(path.join(ROOT, "prisma/schema.prisma"), "utf8");
    const tables = [...schema.matchAll(/^model (\w+) \{[\s\S]*?^\}/gm)].map(
      ([body, model]) => /@@map\("(\w+)"\)/.exec(body)?.[1] ?? model!,
    );
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
  });

  const files = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

  for (const [table, { model, owners }] of Object.entries(TABLE_OWNERS)) {
    it(`${table} is written only from ${owners.join(", ")}`, () => {
      const outside = files
        .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
        .filter((file) => !owners.some((owner) => file.startsWith(owner)))
        .filter((file) => writesTo(readFileSync(path.join(ROOT, file), "utf8"), table, model));
      expect(outside).toEqual([]);
    });
  }
});
