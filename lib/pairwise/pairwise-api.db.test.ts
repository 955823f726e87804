// The pairwise routes end to end through their handlers (defineRoute checks
// every answer against its schema outside production): create a suite, take
// and read a pair, submit it twice, read the leaderboard; who may call what.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as submitRoute } from "@/app/api/pairwise/assignments/[assignmentId]/submit/route";
import { GET as pairRoute } from "@/app/api/pairwise/assignments/[assignmentId]/route";
import { GET as leaderboardRoute } from "@/app/api/pairwise/suites/[suiteId]/leaderboard/route";
import { POST as nextRoute } from "@/app/api/pairwise/suites/[suiteId]/next/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/pairwise/suites/route";
import { GET as recordRoute } from "@/app/api/records/[evalId]/route";
import { GET as recordsRoute } from "@/app/api/records/route";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { db } from "@/lib/db";
import { createImport, readImportFile } from "@/lib/imports/service";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";

const APP = "http://127.0.0.1:3000";
let admin: TestUser;
let adminToken: string;
let raterToken: string;
let rater: TestUser;

beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  rater = await createTestUser(["rater"]);
  adminToken = (await createApiToken({ actor: admin, name: `pw-${randomUUID().slice(0, 8)}`, roles: ["admin"] })).token;
  raterToken = (await createApiToken({ actor: rater, name: `pw-${randomUUID().slice(0, 8)}`, roles: ["rater"] })).token;
});
afterAll(async () => {
  await db().$disconnect();
});

const call = (token: string, url: string, method = "GET", body?: unknown) =>
  new Request(`${APP}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const params = <T extends object>(value: T) => ({ params: Promise.resolve(value) });

async function importSystem(system: string, taskIds: string[]): Promise<string> {
  const items = taskIds.map((taskId) =>
    nativeItem(taskId, { subject: { system_under_test: system, modality_tags: ["chat"] } }),
  );
  const created = await createImport({ actor: admin, input: { format: "items", file_name: `${system}.jsonl` } });
  await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
  return created.id;
}

const responseDraft = () => {
  const { task: _task, subject: _subject, freeform: _freeform, ...rest } = withoutRater(chatDraft());
  return rest;
};

describe("pairwise API", () => {
  it("creates a suite, serves a blind pair, stores its submit once and answers the leaderboard", async () => {
    const prefix = `api-${randomBytes(4).toString("hex")}`;
    const taskIds = [`${prefix}-1`, `${prefix}-2`];
    const importIds = [await importSystem(`one-${prefix}`, taskIds), await importSystem(`two-${prefix}`, taskIds)];
    const input = {
      name: "API",
      key: prefix,
      design: "baseline",
      baseline_system: `one-${prefix}`,
      overlap_k: 1,
      import_ids: importIds,
      rater_ids: [rater.userId],
    };

    const forbidden = await createRoute(call(raterToken, "/api/pairwise/suites", "POST", input), params({}));
    expect(forbidden.status).toBe(403);
    const badDesign = await createRoute(
      call(adminToken, "/api/pairwise/suites", "POST", { ...input, design: "league" }),
      params({}),
    );
    expect(badDesign.status).toBe(422);
    const created = await createRoute(call(adminToken, "/api/pairwise/suites", "POST", input), params({}));
    expect(created.status).toBe(201);
    const suite = (await created.json()) as { id: string; pairs: number; systems: string[] };
    expect(suite.pairs).toBe(2);
    const listed = (await (await listRoute(call(adminToken, "/api/pairwise/suites"), params({}))).json()) as {
      suites: { id: string }[];
    };
    expect(listed.suites.map((entry) => entry.id)).toContain(suite.id);

    const next = await nextRoute(
      call(raterToken, `/api/pairwise/suites/${suite.id}/next`, "POST"),
      params({ suiteId: suite.id }),
    );
    const { assignment_id: assignmentId } = (await next.json()) as { assignment_id: string };
    const pair = await pairRoute(
      call(raterToken, `/api/pairwise/assignments/${assignmentId}`),
      params({ assignmentId }),
    );
    expect(pair.status).toBe(200);
    const view = (await pair.json()) as { responses: unknown[]; held_until: string; draft_version: number };
    expect(view.responses).toHaveLength(2);
    expect(view.draft_version).toBe(0);
    const notYours = await pairRoute(
      call(adminToken, `/api/pairwise/assignments/${assignmentId}`),
      params({ assignmentId }),
    );
    expect(notYours.status).toBe(403); // an admin-only token has no queue.work

    const body = { preference: "equivalent", rationale: "Both fine.", responses: [responseDraft(), responseDraft()] };
    const bad = await submitRoute(
      call(raterToken, `/api/pairwise/assignments/${assignmentId}/submit`, "POST", { ...body, preference: "best" }),
      params({ assignmentId }),
    );
    expect(bad.status).toBe(422);
    const first = await submitRoute(
      call(raterToken, `/api/pairwise/assignments/${assignmentId}/submit`, "POST", body),
      params({ assignmentId }),
    );
    const again = await submitRoute(
      call(raterToken, `/api/pairwise/assignments/${assignmentId}/submit`, "POST", body),
      params({ assignmentId }),
    );
    expect([first.status, again.status]).toEqual([201, 200]);
    const [firstBody, againBody] = (await Promise.all([first.json(), again.json()])) as { eval_ids: string[] }[];
    expect(againBody!.eval_ids).toEqual(firstBody!.eval_ids);

    const board = await leaderboardRoute(
      call(adminToken, `/api/pairwise/suites/${suite.id}/leaderboard`),
      params({ suiteId: suite.id }),
    );
    expect(board.status).toBe(200);
    const json = (await board.json()) as {
      judgments: number;
      win_rates: { system: string; rate: number; ties: number }[];
    };
    expect(json.judgments).toBe(1);
    expect(json.win_rates).toEqual([expect.objectContaining({ system: `two-${prefix}`, rate: 0.5, ties: 1 })]);
  });

  it("a pair answer holds only what both items share; the rater reads its records back without their system", async () => {
    // Each system's import sets its own per-system task fields: any of them in an answer would name that system.
    const prefix = `blind-${randomBytes(4).toString("hex")}`;
    const systems = [`Zephyr-${prefix}`, `Aurora-${prefix}`];
    const perSystem = (system: string) => ({
      suite_id: `file-of-${system}`,
      transcript_url: `https://logs.example/${system}/run.json`,
      gold_item_id: `gold-of-${system}`,
      calibration_target: { note: `target-of-${system}` },
    });
    const importIds: string[] = [];
    for (const system of systems) {
      const items = [`${prefix}-1`].map((taskId) =>
        nativeItem(taskId, {
          task: { task_id: taskId, modality: "chat", prompt: `Prompt of ${taskId}`, ...perSystem(system) },
          subject: {
            system_under_test: system,
            model: `model-${system}`,
            version: `v-${system}`,
            modality_tags: ["chat"],
          },
        }),
      );
      const created = await createImport({ actor: admin, input: { format: "items", file_name: `${system}.jsonl` } });
      await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
      importIds.push(created.id);
    }
    const created = await createRoute(
      call(adminToken, "/api/pairwise/suites", "POST", {
        name: "Blind",
        key: prefix,
        design: "all_pairs",
        overlap_k: 1,
        import_ids: importIds,
        rater_ids: [rater.userId],
      }),
      params({}),
    );
    const suite = (await created.json()) as { id: string };
    const next = await nextRoute(
      call(raterToken, `/api/pairwise/suites/${suite.id}/next`, "POST"),
      params({ suiteId: suite.id }),
    );
    const { assignment_id: assignmentId } = (await next.json()) as { assignment_id: string };
    const pair = await pairRoute(
      call(raterToken, `/api/pairwise/assignments/${assignmentId}`),
      params({ assignmentId }),
    );
    expect(pair.status).toBe(200);
    const text = await pair.text();
    const view = JSON.parse(text) as { task: Record<string, unknown> };
    expect(view.task).toEqual({ task_id: `${prefix}-1`, modality: "chat", prompt: `Prompt of ${prefix}-1` });
    const revealing = systems.flatMap((system) => [system, ...Object.values(perSystem(system)).map(String)]);
    for (const value of [...revealing, "target-of-"]) expect(text).not.toContain(value);

    const submitted = await submitRoute(
      call(raterToken, `/api/pairwise/assignments/${assignmentId}/submit`, "POST", {
        preference: "better",
        rationale: "Response 1 is clearer.",
        responses: [responseDraft(), responseDraft()],
      }),
      params({ assignmentId }),
    );
    const { eval_ids: evalIds } = (await submitted.json()) as { eval_ids: string[] };
    const storedBefore = await db().evalRecord.findMany({
      where: { evalId: { in: evalIds } },
      orderBy: { evalId: "asc" },
    });

    for (const evalId of evalIds) {
      const own = await recordRoute(call(raterToken, `/api/records/${evalId}`), params({ evalId }));
      expect(own.status).toBe(200);
      expect(own.headers.get("X-Withheld-Fields")).toBe(
        "/subject/system_under_test, /subject/model, /subject/version, /task/transcript_url, /task/gold_item_id, /task/calibration_target",
      );
      const ownText = await own.text();
      for (const system of systems) expect(ownText).not.toContain(system);
      const body = JSON.parse(ownText) as { subject: Record<string, unknown>; task: Record<string, unknown> };
      expect(body.subject).toEqual({ modality_tags: ["chat"] });
      expect(Object.keys(body.task).sort()).toEqual(["modality", "prompt", "reference", "suite_id", "task_id"]);
      expect(body.task.suite_id).toBe(prefix);
      // An admin reads the record whole.
      const whole = await recordRoute(call(adminToken, `/api/records/${evalId}`), params({ evalId }));
      expect(whole.headers.get("X-Withheld-Fields")).toBeNull();
      expect(systems).toContain(
        ((await whole.json()) as { subject: { system_under_test: string } }).subject.system_under_test,
      );
    }

    const listed = await recordsRoute(call(raterToken, `/api/records?suite_id=${prefix}`), params({}));
    const listText = await listed.text();
    for (const system of systems) expect(listText).not.toContain(system);
    const page = JSON.parse(listText) as {
      records: { eval_id: string; system: string | null; system_withheld: boolean }[];
    };
    expect(page.records.map((record) => [record.system, record.system_withheld])).toEqual([
      [null, true],
      [null, true],
    ]);
    // Filtering by a system would tell which record is whose: the rater's pairwise records never match it.
    for (const system of systems) {
      const filtered = await recordsRoute(
        call(raterToken, `/api/records?system=${encodeURIComponent(system)}`),
        params({}),
      );
      expect(((await filtered.json()) as { records: unknown[] }).records).toEqual([]);
    }
    const adminList = await recordsRoute(call(adminToken, `/api/records?suite_id=${prefix}`), params({}));
    const adminPage = (await adminList.json()) as { records: { system: string; system_withheld: boolean }[] };
    expect(adminPage.records.map((record) => record.system).sort()).toEqual([...systems].sort());
    expect(adminPage.records.every((record) => !record.system_withheld)).toBe(true);

    // Stored records and the sidecar keep the system; nothing stored changed by being read.
    const storedAfter = await db().evalRecord.findMany({
      where: { evalId: { in: evalIds } },
      orderBy: { evalId: "asc" },
    });
    expect(storedAfter).toEqual(storedBefore);
    expect(
      storedAfter
        .map((row) => (row.body as { subject: { system_under_test: string } }).subject.system_under_test)
        .sort(),
    ).toEqual([...systems].sort());
    const sidecar = await db().pairwiseJudgment.findMany({ where: { evalId: { in: evalIds } } });
    expect(sidecar.map((row) => row.system).sort()).toEqual([...systems].sort());
    expect(rater.userId).toBeTruthy();
  });
});
