// The records browser against a real, migrated PostgreSQL: every filter, every
// order, and keyset pages that neither repeat nor skip a record while others
// are being inserted.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { notRatedLikert } from "@/lib/aif/not-rated";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { parseRecordFilter, type RecordFilter } from "@/lib/export/record-filter";
import { rejection } from "@/lib/testing/rejection";
import { seedRecords } from "@/lib/records/seed-records";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { browseRecords, RECORD_SORTS, type BrowsedRecord } from "./browse";

const COUNT = 70;
const WORDS = ["concise", "padded", "accurate", "evasive", "verbose"];
const SYSTEMS = ["Acme Assistant via API", "Globex Chat", "Initech Bot"];
const NEWEST = new Date("2026-06-01T12:00:00.000Z");
const suiteKey = `browse-${randomUUID().slice(0, 8)}`;

const raw = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 4 });
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [admin, alice, bob] = await Promise.all([
    createTestUser(["admin"]),
    createTestUser(["rater"], { label: "alice" }),
    createTestUser(["rater"], { label: "bob" }),
  ]);
  await seedRecords(raw, {
    count: COUNT,
    suiteKey,
    raterIds: [alice.userId, bob.userId],
    newest: NEWEST,
    words: WORDS,
    systems: SYSTEMS,
  });
});
afterAll(async () => {
  await raw.end();
  await db().$disconnect();
});

/** Record n of the seed, by its rationale ("… for record n"). */
const seedIndex = (record: BrowsedRecord, rationales: Map<string, number>) => rationales.get(record.evalId)!;
let indexOf: Map<string, number>;
beforeAll(async () => {
  const { rows } = await raw.query<{ eval_id: string; n: string }>(
    `SELECT eval_id::text, substring(body #>> '{universal,helpfulness,rationale}' from 'record ([0-9]+)$') AS n
     FROM eval_record WHERE suite_id = $1`,
    [suiteKey],
  );
  indexOf = new Map(rows.map((row) => [row.eval_id, Number(row.n)]));
});

/** Every record the filter matches, through pages of `limit`. */
async function all(filter: RecordFilter, sort?: string, limit = 13, actor: TestUser = admin): Promise<BrowsedRecord[]> {
  const seen: BrowsedRecord[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof browseRecords>> = await browseRecords({ actor, filter, sort, cursor, limit });
    seen.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

const inSuite = (extra: Record<string, string | string[]> = {}): RecordFilter => {
  const params = new URLSearchParams({ suite_id: suiteKey });
  for (const [key, value] of Object.entries(extra))
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  return parseRecordFilter(params);
};
const expected = (keep: (n: number) => boolean) =>
  Array.from({ length: COUNT }, (_, n) => n)
    .filter(keep)
    .sort((a, b) => a - b);
const indexes = (records: BrowsedRecord[]) => records.map((record) => seedIndex(record, indexOf)).sort((a, b) => a - b);

describe("browseRecords filters", () => {
  it("by suite, and shows the rater by name, the system and the scores", async () => {
    const records = await all(inSuite());
    expect(indexes(records)).toEqual(expected(() => true));
    const first = records.find((record) => seedIndex(record, indexOf) === 3)!;
    expect(first.raterName).toBe(bob.name);
    expect(first.system).toBe(SYSTEMS[0]);
    expect(first.scores[0]).toBe(4);
  });

  it("by rater display name, in any case, and by rater type", async () => {
    expect(indexes(await all(inSuite({ rater_name: alice.name.toUpperCase() })))).toEqual(expected((n) => n % 2 === 0));
    expect(await all(inSuite({ rater_name: "Nobody Of That Name" }))).toEqual([]);
    expect(indexes(await all(inSuite({ rater_type: "human" })))).toEqual(expected(() => true));
    expect(await all(inSuite({ rater_type: "llm_judge" }))).toEqual([]);
  });

  it("by task and by system under test", async () => {
    expect(indexes(await all(inSuite({ task_id: ["task-5", "task-6"] })))).toEqual([5, 6]);
    expect(indexes(await all(inSuite({ system: SYSTEMS[1]! })))).toEqual(expected((n) => n % 3 === 1));
  });

  it("by a word (or part of one) of a rationale, in any case; LIKE's wildcards are plain text", async () => {
    expect(indexes(await all(inSuite({ q: "EVASIVE" })))).toEqual(expected((n) => n % 5 === 3));
    expect(indexes(await all(inSuite({ q: "vasiv" })))).toEqual(expected((n) => n % 5 === 3));
    expect(indexes(await all(inSuite({ q: "record 42" })))).toEqual([42]);
    // Hazard evidence is searched too.
    expect(indexes(await all(inSuite({ q: "slur" })))).toEqual(expected((n) => n % 7 === 0));
    expect(await all(inSuite({ q: "%%" }))).toEqual([]);
    expect(await all(inSuite({ q: "record_4" }))).toEqual([]);
  });

  it("by score ranges per dimension", async () => {
    const high = inSuite({ score: "universal.helpfulness:4.." });
    expect(indexes(await all(high))).toEqual(expected((n) => 1 + (n % 5) >= 4));
    const band = inSuite({ score: ["universal.helpfulness:2..3", "universal.faithfulness:..4"] });
    expect(indexes(await all(band))).toEqual(expected((n) => [2, 3].includes(1 + (n % 5))));
    // A dimension the records do not rate matches none of them.
    expect(await all(inSuite({ score: "agent.plan_quality:1..5" }))).toEqual([]);
  });

  it("by hazard verdicts", async () => {
    expect(indexes(await all(inSuite({ hazard: "hate:violating" })))).toEqual(expected((n) => n % 7 === 0));
    expect(indexes(await all(inSuite({ hazard: "any:violating" })))).toEqual(expected((n) => n % 7 === 0));
    expect(indexes(await all(inSuite({ hazard: "hate:non_violating" })))).toEqual(expected((n) => n % 7 !== 0));
    expect(await all(inSuite({ hazard: "privacy:violating" }))).toEqual([]);
  });

  it("by date range: from inclusive, to exclusive", async () => {
    // Record n was created n seconds before NEWEST.
    const from = new Date(NEWEST.getTime() - 10_000).toISOString();
    const to = new Date(NEWEST.getTime() - 2_000).toISOString();
    expect(indexes(await all(inSuite({ from, to })))).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("by derived or not", async () => {
    // Records are append-only: the correction lives in a suite of its own.
    const own = `${suiteKey}-derived`;
    await seedRecords(raw, { count: 3, suiteKey: own, raterIds: [alice.userId], newest: NEWEST });
    const [parent] = await all({ suite_id: own });
    const correction = randomUUID();
    await raw.query(
      `INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, derived_from, body, submitted_by_id)
       SELECT $1::uuid, created_at + interval '1 ms', rater_type, rater_id, task_id, suite_id, eval_id,
         jsonb_set(jsonb_set(body, '{eval_id}', to_jsonb($1::text)), '{derived_from}', to_jsonb(eval_id::text)), submitted_by_id
       FROM eval_record WHERE eval_id = $2::uuid`,
      [correction, parent!.evalId],
    );
    expect((await all({ suite_id: own, derived: true })).map((record) => record.evalId)).toEqual([correction]);
    expect(await all({ suite_id: own, derived: false })).toHaveLength(3);
  });

  it("by gold: only the records of the suite's gold items", async () => {
    // No suite marks these tasks gold.
    expect(await all(inSuite({ gold: "true" }))).toEqual([]);
    expect(await all(inSuite({ gold: "false" }))).toHaveLength(COUNT);
  });

  it("shows a rater only their own records", async () => {
    const mine = await all(inSuite(), undefined, 50, alice);
    expect(indexes(mine)).toEqual(expected((n) => n % 2 === 0));
  });

  it("by adjudication status only for SMEs and admins: a rater gets 403 naming the roles (issue 33, finding 9)", async () => {
    // A rater's own records, item by item, would tell them whether the others agreed with them.
    const refused = await rejection(
      browseRecords({ actor: alice, filter: { ...inSuite(), status: "needs_adjudication" } }),
    );
    expect(refused).toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/sme or admin role/),
      issues: [expect.objectContaining({ path: "/status", rule: "role" })],
    });
    const sme = await createTestUser(["sme"]);
    for (const actor of [admin, sme])
      await expect(browseRecords({ actor, filter: { ...inSuite(), status: "unanimous" } })).resolves.toBeDefined();
    // Without status= the rater's listing is as before.
    expect((await browseRecords({ actor: alice, filter: inSuite() })).records.length).toBeGreaterThan(0);
  });

  it("refuses bad filters with the parameter and rule named", async () => {
    const issues = (params: string) => {
      try {
        parseRecordFilter(new URLSearchParams(params));
      } catch (error) {
        return (error as { issues: { path: string; message: string }[] }).issues;
      }
      return [];
    };
    expect(issues("score=universal.helpfulness:4..2")[0]).toMatchObject({ path: "/score/0" });
    expect(issues("score=universal.helpfulness:4..2")[0]!.message).toMatch(/minimum is above the maximum/);
    expect(issues("score=universal.nope:1..2")[0]!.message).toMatch(/unknown dimension universal.nope/);
    expect(issues("hazard=hate:maybe")[0]!.message).toMatch(/unknown verdict maybe/);
    expect(issues("q=a")[0]).toMatchObject({ path: "/q" });
  });
});

describe("a field marked not rated (a judge that gave one overall score)", () => {
  it("matches no score range and shows no score: its placeholder is no score", async () => {
    const key = `browse-not-rated-${randomUUID().slice(0, 8)}`;
    const [dimension] = LIKERT_DIMENSIONS;
    const path = `{${dimension!.split(".").join(",")}}`;
    await seedRecords(raw, { count: 2, suiteKey: key, raterIds: [alice.userId] });
    // Both records get the same stored score 3 in the dimension; one of them as the not-rated placeholder.
    const { rows } = await raw.query<{ eval_id: string }>(
      `SELECT eval_id::text FROM eval_record WHERE suite_id = $1 ORDER BY eval_id`,
      [key],
    );
    await raw.query(
      `INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body, submitted_by_id)
       SELECT e.id, created_at, rater_type, rater_id, task_id, $2 || '-copy', jsonb_set(jsonb_set(jsonb_set(body,
         '{eval_id}', to_jsonb(e.id::text)), '{task,suite_id}', to_jsonb($2 || '-copy')),
         $3::text[], CASE WHEN eval_id = $1::uuid THEN $4::jsonb ELSE $5::jsonb END), submitted_by_id
       FROM (SELECT gen_random_uuid() AS id, * FROM eval_record WHERE suite_id = $2) e`,
      [
        rows[0]!.eval_id,
        key,
        path,
        JSON.stringify(notRatedLikert("the judge gave one overall score")),
        JSON.stringify({ score: 3, confidence: "high" }),
      ],
    );
    const params = new URLSearchParams({ suite_id: `${key}-copy`, score: `${dimension}:3..3` });
    const matched = await all(parseRecordFilter(params));
    expect(matched).toHaveLength(1);
    const shown = await all(parseRecordFilter(new URLSearchParams({ suite_id: `${key}-copy` })));
    const index = LIKERT_DIMENSIONS.indexOf(dimension!);
    expect(shown.map((record) => record.scores[index]).sort()).toEqual([3, null]);
    expect(matched[0]!.scores[index]).toBe(3);
  });
});

describe("browseRecords orders and keyset pages", () => {
  it("reads every order in pages exactly as in one page, sorted by its key", async () => {
    const key: Record<string, (record: BrowsedRecord) => number | string> = {
      created_at: (record) => record.createdAt.getTime(),
      task_id: (record) => record.taskId,
      suite_id: (record) => record.suiteId ?? "",
      "score:universal.helpfulness": (record) => record.scores[0] ?? 0,
    };
    for (const sort of RECORD_SORTS.filter((sort) => key[sort.replace(/^-/, "")])) {
      const paged = await all(inSuite(), sort, 7);
      const whole = await all(inSuite(), sort, 200);
      expect(paged.map((record) => record.evalId)).toEqual(whole.map((record) => record.evalId));
      expect(new Set(paged.map((record) => record.evalId)).size).toBe(COUNT);
      const values = paged.map(key[sort.replace(/^-/, "")]!);
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(values).toEqual(sort.startsWith("-") ? sorted.reverse() : sorted);
    }
  });

  it("never repeats or skips a record while records are inserted between pages", async () => {
    for (const sort of ["-created_at", "score:universal.helpfulness", "-task_id"]) {
      // Records are append-only: each order pages a suite of its own.
      const own = `${suiteKey}-${sort}`;
      await seedRecords(raw, { count: 60, suiteKey: own, raterIds: [alice.userId, bob.userId], newest: NEWEST });
      const before = new Set((await all({ suite_id: own }, sort, 200)).map((record) => record.evalId));
      const seen: string[] = [];
      let cursor: string | null = null;
      let batch = 0;
      do {
        // Concurrently: new records land before, among and after the ones being paged.
        const inserting = seedRecords(raw, {
          count: 5,
          suiteKey: own,
          raterIds: [alice.userId],
          newest: new Date(NEWEST.getTime() + 30_000 - batch * 20_000),
        });
        const page: Awaited<ReturnType<typeof browseRecords>> = await browseRecords({
          actor: admin,
          filter: { suite_id: own },
          sort,
          cursor,
          limit: 9,
        });
        await inserting;
        batch += 1;
        seen.push(...page.records.map((record) => record.evalId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      for (const evalId of before) expect(seen).toContain(evalId);
      expect(seen.length).toBeGreaterThan(before.size);
    }
  });

  it("has an index in its own keyset order for every score order", async () => {
    const { rows } = await raw.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE tablename = 'eval_record'",
    );
    for (const sort of RECORD_SORTS.filter((sort) => sort.startsWith("score:"))) {
      const path = sort.slice("score:".length).split(".").join(",");
      expect(
        rows.some((row) => row.indexdef.includes(`'{${path},score}'`) && row.indexdef.endsWith(", eval_id)")),
        sort,
      ).toBe(true);
    }
  });

  it("refuses a cursor of another order, or not one of ours, as a bad request", async () => {
    const page = await browseRecords({ actor: admin, filter: inSuite(), sort: "task_id", limit: 5 });
    for (const cursor of [page.nextCursor!, "garbage", Buffer.from('["-created_at","x","y"]').toString("base64url")])
      expect((await rejection(browseRecords({ actor: admin, filter: inSuite(), cursor }))).code).toBe("BAD_REQUEST");
    expect((await rejection(browseRecords({ actor: admin, filter: inSuite(), sort: "nope" }))).code).toBe(
      "INVALID_INPUT",
    );
  });
});
