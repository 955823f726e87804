// Export and reproduce (issue 22, item 5): a pairwise suite rated by humans and
// judged by the scripted LLM judge is exported (records + pairwise sidecar);
// the records round-trip into an empty database byte for byte; and
// `npx evalform leaderboard export.jsonl --sidecar pairwise.jsonl` prints the
// same numbers as the API's leaderboard, for all raters and for humans only,
// and for a slice (an item tag) with --tag.
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as leaderboardRoute } from "@/app/api/pairwise/suites/[suiteId]/leaderboard/route";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { db } from "@/lib/db";
import { exportPairwise } from "@/lib/export/export-runs";
import { startRecordExport } from "@/lib/export/stream-export";
import { createImport, readImportFile } from "@/lib/imports/service";
import { importRecords } from "@/lib/records/import-records";
import { startFakeChatCompletionsServer } from "@/lib/testing/fake-openai-server";
import { createTestDatabase } from "@/lib/testing/test-database";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { scriptedPairwiseReply } from "@/scripts/fake-judge";
import { pairwiseJudgeRunFinished, startPairwiseJudgeRun } from "./judge-run";
import { nextPair, submitPair } from "./pairs";
import { PairwiseSidecarLine } from "./sidecar";
import { createPairwiseSuite } from "./suites";

const run = promisify(execFile);
let admin: TestUser;
let raters: TestUser[];
let directory: string;

beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  raters = await Promise.all([1, 2].map(() => createTestUser(["rater"])));
  directory = await mkdtemp(path.join(tmpdir(), "evalform-pairwise-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
  await db().$disconnect();
});

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  return Buffer.concat(parts);
}

async function importSystem(system: string, taskIds: string[], words: number): Promise<string> {
  const items = taskIds.map((taskId, index) =>
    nativeItem(taskId, {
      subject: { system_under_test: system, modality_tags: ["chat"] },
      tags: { half: index % 2 === 0 ? "even" : "odd" },
      transcript: {
        messages: [
          { role: "user", content: [{ type: "text", text: `Prompt of ${taskId}` }] },
          {
            role: "assistant",
            content: [{ type: "text", text: `${system} answers ${taskId}${" more".repeat(words)}` }],
          },
        ],
      },
    }),
  );
  const created = await createImport({ actor: admin, input: { format: "items", file_name: `${system}.jsonl` } });
  await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
  return created.id;
}

const responseDraft = () => {
  const { task: _task, subject: _subject, freeform: _freeform, ...rest } = withoutRater(chatDraft());
  return rest;
};

// What the tests below read: a suite rated by two humans and the judge, and its export written to files.
type ExportedSuite = {
  suite: Awaited<ReturnType<typeof createPairwiseSuite>>;
  systems: string[];
  file: Buffer;
  recordCount: number;
  exportPath: string;
  sidecarPath: string;
  reversedExport: string;
  reversedSidecar: string;
};

// Built once and shared: a single test doing all of it ran past 60 s on a loaded CI machine, where vitest's
// worker gives up on its own "onTaskUpdate" call and fails the run with an unhandled error.
async function rateAndExportSuite(): Promise<ExportedSuite> {
  const prefix = `x-${randomBytes(4).toString("hex")}`;
  const taskIds = Array.from({ length: 12 }, (_, index) => `${prefix}-${index}`);
  const systems = ["base", "cand", "third"].map((name) => `${name}-${prefix}`);
  const importIds = [];
  for (const [index, system] of systems.entries()) importIds.push(await importSystem(system, taskIds, index * 3));
  const suite = await createPairwiseSuite({
    actor: admin,
    input: {
      name: "export",
      key: `pw-x-${prefix}`,
      design: "baseline",
      baseline_system: systems[0],
      overlap_k: 2,
      import_ids: importIds,
      rater_ids: raters.map((rater) => rater.userId),
    },
  });
  // Humans: each rater prefers "cand" on most tasks, with some disagreement and ties.
  let turn = 0;
  for (const rater of raters) {
    for (;;) {
      const next = await nextPair({ actor: rater, suiteId: suite.id });
      if (next.assignmentId === null) break;
      const row = await db().pairwiseAssignment.findUniqueOrThrow({ where: { id: next.assignmentId } });
      const pair = await db().pairwisePair.findUniqueOrThrow({ where: { id: row.pairId } });
      const leftSystem = row.firstShownLeft ? pair.firstSystem : pair.secondSystem;
      const levels = ["much_better", "better", "equivalent", "worse"];
      const forLeft = leftSystem.startsWith("cand") ? levels[turn % 3]! : levels[3 - (turn % 3)]!;
      turn += 1;
      await submitPair({
        actor: rater,
        assignmentId: next.assignmentId,
        input: { preference: forLeft, rationale: "r", responses: [responseDraft(), responseDraft()] },
      });
    }
  }
  const server = await startFakeChatCompletionsServer({ respond: () => scriptedPairwiseReply("left") });
  try {
    const judged = await startPairwiseJudgeRun({
      actor: admin,
      suiteId: suite.id,
      endpoint: { baseUrl: server.url, model: "fake", concurrency: 4, timeoutMs: 30_000, maxAttempts: 2 },
    });
    await pairwiseJudgeRunFinished(judged.id);
  } finally {
    await server.close();
  }

  // The export: the suite's records, and its pairwise sidecar.
  const recordExport = await startRecordExport({ actor: admin, filter: { suite_id: suite.key }, format: "jsonl" });
  const file = await bytesOf(recordExport.body);
  const recordCount = file.toString("utf8").trim().split("\n").length;
  // 24 pairs × 2 humans + 24 pairs × 1 judge, two records each.
  expect(recordCount).toBe(24 * 2 * 2 + 24 * 2);
  const sidecar = await bytesOf(await exportPairwise({ actor: admin, exportId: recordExport.exportId }));
  const lines = sidecar
    .toString("utf8")
    .trim()
    .split("\n")
    .map((line) => PairwiseSidecarLine.parse(JSON.parse(line)));
  expect(lines).toHaveLength(recordCount);
  expect(lines.filter((line) => line.rater_type === "llm_judge" && line.preference_shown_left !== null)).toHaveLength(
    48,
  );
  const exportPath = path.join(directory, "export.jsonl");
  const sidecarPath = path.join(directory, "pairwise.jsonl");
  await writeFile(exportPath, file);
  await writeFile(sidecarPath, sidecar);
  const reversedLines = (bytes: Buffer) => `${bytes.toString("utf8").trim().split("\n").reverse().join("\n")}\n`;
  const reversedExport = path.join(directory, "export-reversed.jsonl");
  const reversedSidecar = path.join(directory, "pairwise-reversed.jsonl");
  await writeFile(reversedExport, reversedLines(file));
  await writeFile(reversedSidecar, reversedLines(sidecar));
  return { suite, systems, file, recordCount, exportPath, sidecarPath, reversedExport, reversedSidecar };
}

let exported: ExportedSuite;
beforeAll(async () => {
  exported = await rateAndExportSuite();
}, 120_000);

describe("a pairwise suite's export reproduces its leaderboard", () => {
  it("round-trips the records through the record import into an empty database, byte for byte", async () => {
    const { file, recordCount } = exported;
    const target = await createTestDatabase("pairwise_roundtrip");
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    try {
      const imported = await importRecords({ actor: admin, file: Readable.from([file]), pool });
      expect(imported).toMatchObject({ imported: recordCount, refused: 0, stored: true });
      const stored = await pool.query<{ body: string }>(
        "SELECT body::text AS body FROM eval_record ORDER BY created_at, eval_id",
      );
      expect(Buffer.from(stored.rows.map((row) => `${row.body}\n`).join(""))).toEqual(file);
    } finally {
      await pool.end();
      await target.drop();
    }
  });

  // The CLI's numbers equal the API's, for all raters, for humans only, and for a slice.
  it.each([
    ["all", []],
    ["humans", []],
    ["all", ["--tag", "half=odd"]],
  ] as const)(
    "the CLI prints the API's leaderboard for raters=%s %j, whatever the files' line order",
    async (raters, slice) => {
      const { suite, systems, exportPath, sidecarPath, reversedExport, reversedSidecar } = exported;
      const token = (await createApiToken({ actor: admin, name: `x-${randomUUID().slice(0, 8)}`, roles: ["admin"] }))
        .token;
      const query = `raters=${raters}${slice.length ? `&tag=${encodeURIComponent(slice[1]!)}` : ""}`;
      const response = await leaderboardRoute(
        new Request(`http://127.0.0.1:3000/api/pairwise/suites/${suite.id}/leaderboard?${query}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
        { params: Promise.resolve({ suiteId: suite.id }) },
      );
      expect(response.status).toBe(200);
      const { suite: _suite, ...api } = (await response.json()) as Record<string, unknown>;
      const { stdout } = await run(
        process.execPath,
        ["bin/evalform.mjs", "leaderboard", exportPath, "--sidecar", sidecarPath, "--raters", raters, ...slice],
        { cwd: path.resolve(import.meta.dirname, "../.."), maxBuffer: 10_000_000 },
      );
      const { suite: fromFiles, ...cli } = JSON.parse(stdout) as Record<string, unknown>;
      expect(fromFiles).toEqual({
        key: suite.key,
        design: "baseline",
        baseline_system: systems[0],
        systems: suite.systems,
      });
      expect(cli).toEqual(api);
      // The same rows in the opposite order (the API reads them unordered, the CLI in file order): the same board.
      const { stdout: reversedOut } = await run(
        process.execPath,
        ["bin/evalform.mjs", "leaderboard", reversedExport, "--sidecar", reversedSidecar, "--raters", raters, ...slice],
        { cwd: path.resolve(import.meta.dirname, "../.."), maxBuffer: 10_000_000 },
      );
      const { suite: _reversedSuite, ...reversed } = JSON.parse(reversedOut) as Record<string, unknown>;
      expect(reversed).toEqual(api);
      // The slice holds half the tasks: 12 of 24 pairs, each judged by two humans and the judge.
      expect(cli.judgments).toBe(slice.length ? 36 : raters === "humans" ? 48 : 72);
      expect((cli.judge_consistency as { flip_rate: number }).flip_rate).toBe(1);
      expect((cli.win_rates as unknown[]).length).toBe(2);
      // The corrected win rates (humans and judge together) are part of both answers.
      expect((cli.estimates as { system: string }[]).map((row) => row.system)).toEqual(systems.slice(1));
    },
  );

  it("names a sidecar line whose record is not in the export, and a bad line by field", async () => {
    const exportPath = path.join(directory, "empty.jsonl");
    const sidecarPath = path.join(directory, "orphan.jsonl");
    await writeFile(exportPath, "");
    const line = {
      eval_id: randomUUID(),
      opponent_eval_id: randomUUID(),
      suite_id: "s",
      design: "all_pairs",
      baseline_system: null,
      systems: ["a", "b"],
      pair_id: randomUUID(),
      task_id: "t",
      assignment_id: null,
      judge_run_id: null,
      system: "a",
      opponent_system: "b",
      shown_position: "left",
      preference: "better",
      rater_type: "human",
      response_length: 3,
      opponent_length: 4,
      preference_shown_left: null,
      preference_shown_right: null,
    };
    await writeFile(sidecarPath, `${JSON.stringify(line)}\n`);
    const cwd = path.resolve(import.meta.dirname, "../..");
    const missing = await run(
      process.execPath,
      ["bin/evalform.mjs", "leaderboard", exportPath, "--sidecar", sidecarPath],
      {
        cwd,
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(missing).toMatchObject({ code: 1 });
    expect((missing as { stderr: string }).stderr).toMatch(/sidecar line 1: record .* is not in the export/);
    await writeFile(sidecarPath, `${JSON.stringify({ ...line, preference: "best" })}\n`);
    const bad = await run(process.execPath, ["bin/evalform.mjs", "leaderboard", exportPath, "--sidecar", sidecarPath], {
      cwd,
    }).catch((error: { code: number; stderr: string }) => error);
    expect((bad as { stderr: string }).stderr).toMatch(/line 1: \/preference/);
    // A sidecar exported before slices lists no modalities or tags: a slice of it says so.
    const recordOf = (evalId: string, preference: string) => ({
      eval_id: evalId,
      rater: { type: "human" },
      task: { suite_id: "s" },
      universal: { vs_reference: preference },
    });
    const twoRecords = path.join(directory, "two.jsonl");
    await writeFile(
      twoRecords,
      `${JSON.stringify(recordOf(line.eval_id, "better"))}\n${JSON.stringify(recordOf(line.opponent_eval_id, "worse"))}\n`,
    );
    await writeFile(sidecarPath, `${JSON.stringify(line)}\n`);
    const unsliceable = await run(
      process.execPath,
      ["bin/evalform.mjs", "leaderboard", twoRecords, "--sidecar", sidecarPath, "--tag", "lang=de"],
      { cwd },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(unsliceable).toMatchObject({ code: 1 });
    expect((unsliceable as { stderr: string }).stderr).toMatch(/^sidecar line 1: no modalities or tags[^\n]*\n$/);
    const malformed = await run(
      process.execPath,
      ["bin/evalform.mjs", "leaderboard", exportPath, "--sidecar", sidecarPath, "--tag", "lang"],
      { cwd },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(malformed).toMatchObject({ code: 2 });
    expect((malformed as { stderr: string }).stderr).toMatch(/--tag must be key=value/);
  });
});
