// The objects the access matrix and the every-page accessibility test open:
// a record per role, an invited user, a suite with an assignment per role, a
// share link, a held prefill, a judge run, and a pairwise suite with a pair
// held per role and a judge verdict the SME holds for review.
import { UNIVERSAL_DIMENSIONS } from "./contract-facts";
import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import type { MatrixIds } from "./access-matrix";
import { importPrefills, judgeRecordFor } from "./seed-prefills";
import { chatItem, importItems, seedSuite } from "./seed-suite";
import { e2eUsers } from "./users";

export async function seedMatrixIds(
  contexts: Record<"anonymous" | "rater" | "sme" | "admin", APIRequestContext>,
  baseURL: string,
): Promise<MatrixIds> {
  const draft = {
    subject: { system_under_test: "matrix", modality_tags: ["chat"] },
    task: { task_id: "matrix", modality: "chat", prompt: "p" },
    universal: Object.fromEntries([...UNIVERSAL_DIMENSIONS].map((k) => [k, { score: 5, confidence: "high" }])),
  };
  const recordOf = new Map<string, string>();
  for (const role of ["rater", "sme"] as const) {
    const created = await contexts[role].post("/api/records", { data: draft });
    expect(created.status()).toBe(201);
    recordOf.set(role, (await created.json()).eval_id);
  }
  recordOf.set("admin", recordOf.get("rater")!);
  // Two specs seed in parallel workers: a millisecond clock is not unique between them (a shared name once answered 409).
  const unique = randomUUID().slice(0, 8);
  const targetEmail = `matrix-target-${unique}@example.test`;
  const target = await contexts.admin.post("/api/users", { data: { email: targetEmail, roles: ["rater"] } });
  expect(target.status()).toBe(201);
  const invited = await contexts.anonymous.post(
    `${(await target.json()).invite_path.replace("/invite/", "/api/invitations/")}`,
    { data: { name: `Target ${unique}`, password: "matrix-password-1" } },
  );
  expect(invited.status()).toBe(201);
  const list = await (await contexts.admin.get("/api/users")).json();
  const targetUser = list.users.find((user: { email: string }) => user.email === targetEmail);
  const users = e2eUsers();
  const suite = await seedSuite(contexts.admin, baseURL, {
    raterIds: [users.rater.userId, users.sme.userId],
    count: 2,
  });
  const assignmentOf = new Map<string, string>();
  for (const role of ["rater", "sme"] as const) {
    const next = await contexts[role].post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: baseURL } });
    expect(next.status()).toBe(200);
    assignmentOf.set(role, (await next.json()).assignment_id);
  }
  assignmentOf.set("admin", assignmentOf.get("rater")!);
  const held = await contexts.rater.get(`/api/assignments/${assignmentOf.get("rater")}`);
  expect(held.status()).toBe(200);
  const itemId = (await held.json()).item_id as string;
  const link = await contexts.admin.post(`/api/suites/${suite.suiteId}/share-links`, {
    data: { label: "matrix" },
    headers: { origin: baseURL },
  });
  expect(link.status()).toBe(201);
  const shareToken = (await link.json()).share_path.replace("/share/", "");
  const judgeRecord = judgeRecordFor(suite.taskIds[1]!, suite.suiteKey);
  // Judge rationales as long as real ones (one line per sample), so the SME review page is checked with them.
  const universal = judgeRecord.universal as Record<string, { rationale?: string }>;
  for (const likert of Object.values(universal))
    likert.rationale = Array.from({ length: 12 }, (_, n) => `[${n + 1}/12] ${likert.rationale}`).join("\n");
  await importPrefills(contexts.admin, baseURL, suite.suiteId, [judgeRecord]);
  const review = await contexts.sme.post(`/api/suites/${suite.suiteId}/review-next`, { headers: { origin: baseURL } });
  expect(review.status()).toBe(200);
  expect((await review.json()).judge_eval_id).toBe(judgeRecord.eval_id);
  const judgeRun = await contexts.admin.post(`/api/suites/${suite.suiteId}/judge-runs`, {
    data: { n_samples: 1 },
    headers: { origin: baseURL },
  });
  expect(judgeRun.status(), await judgeRun.text()).toBe(201);
  // A second system's answers to the same tasks make a pairwise suite (issue 22).
  const otherImport = await importItems(
    contexts.admin,
    baseURL,
    suite.taskIds.map((taskId) => ({
      ...chatItem(taskId, `Other answer to ${taskId}`),
      subject: { system_under_test: "E2E Other Model", modality_tags: ["chat"] },
    })),
  );
  const pairwise = await contexts.admin.post("/api/pairwise/suites", {
    data: {
      name: `Pairwise ${unique}`,
      key: `matrix-pairwise-${unique}`,
      design: "all_pairs",
      overlap_k: 1,
      import_ids: [suite.importId, otherImport],
      rater_ids: [e2eUsers().rater.userId, e2eUsers().sme.userId],
    },
    headers: { origin: baseURL },
  });
  expect(pairwise.status(), await pairwise.text()).toBe(201);
  const pairwiseSuiteId = (await pairwise.json()).id as string;
  // Each queue worker holds one of its two pairs (the admin opens the rater's, which they may not).
  const pairAssignmentOf = new Map<string, string>();
  for (const role of ["rater", "sme"] as const) {
    const next = await contexts[role].post(`/api/pairwise/suites/${pairwiseSuiteId}/next`, {
      headers: { origin: baseURL },
    });
    expect(next.status()).toBe(200);
    pairAssignmentOf.set(role, (await next.json()).assignment_id);
  }
  pairAssignmentOf.set("admin", pairAssignmentOf.get("rater")!);
  const pairReviewId = await seedPairReview(contexts, baseURL, pairwiseSuiteId, users.sme.userId);
  return {
    pairReviewId,
    pairwiseSuiteId,
    pairAssignmentOf: (role) => pairAssignmentOf.get(role)!,
    recordOf: (role) => recordOf.get(role)!,
    targetUserId: targetUser.id,
    importId: suite.importId,
    suiteId: suite.suiteId,
    itemId,
    shareToken,
    assignmentOf: (role) => assignmentOf.get(role)!,
    reviewId: judgeRecord.eval_id as string,
    judgeRunId: (await judgeRun.json()).id,
  };
}

/** The SME reviews the pairwise suite; the scripted judge judges its pairs; the SME holds one verdict for review. */
async function seedPairReview(
  contexts: Record<"sme" | "admin", APIRequestContext>,
  baseURL: string,
  suiteId: string,
  smeId: string,
): Promise<string> {
  const headers = { origin: baseURL };
  const reviewers = await contexts.admin.put(`/api/pairwise/suites/${suiteId}/reviewers`, {
    data: { reviewer_ids: [smeId] },
    headers,
  });
  expect(reviewers.status(), await reviewers.text()).toBe(200);
  const run = await contexts.admin.post(`/api/pairwise/suites/${suiteId}/judge-runs`, { data: {}, headers });
  expect(run.status(), await run.text()).toBe(201);
  const runId = (await run.json()).id as string;
  await expect
    .poll(
      async () =>
        (await (await contexts.admin.get(`/api/pairwise/suites/${suiteId}/judge-runs`)).json()).judge_runs.find(
          (entry: { id: string }) => entry.id === runId,
        )?.status,
      { timeout: 30_000 },
    )
    .toBe("completed");
  const next = await contexts.sme.post(`/api/pairwise/suites/${suiteId}/review-next`, { headers });
  expect(next.status(), await next.text()).toBe(200);
  const id = (await next.json()).judge_eval_id as string | null;
  expect(id).not.toBeNull();
  return id!;
}
