// Every page and route handler with what the matrix needs to call it: a
// concrete path and body. Pages (and better-auth's catch-all) name the
// permission that guards them; an API route's permission is its contract's
// x-access in the served OpenAPI document, read by the access matrix test.
// The access matrix test fails for a route file or method missing here.
import type { Action } from "@/lib/auth/permissions";

/** "share_visitor": only the visitor who holds the assignment (by the cookie its share link set); no matrix caller does. "metrics_token": only a scraper with EVALFORM_METRICS_TOKEN; no matrix caller has it. */
export type Access = "public" | "share_visitor" | "metrics_token" | Action;
export type Method = "PAGE" | "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type MatrixIds = {
  recordOf: (role: "rater" | "sme" | "admin") => string;
  targetUserId: string;
  importId: string;
  suiteId: string;
  shareToken: string;
  /** The caller's own assignment (admins have none: the rater's is used, which they may not open). */
  assignmentOf: (role: "rater" | "sme" | "admin") => string;
  /** The item of the rater's assignment. */
  itemId: string;
  /** A judge prefill the matrix SME holds for review. */
  reviewId: string;
  judgeRunId: string;
  /** A pairwise suite of the matrix suite's items against a second system's answers. */
  pairwiseSuiteId: string;
  /** The caller's own pair assignment of that suite (the admin gets the rater's). */
  pairAssignmentOf: (role: "rater" | "sme" | "admin") => string;
  /** A judge verdict of that suite the matrix SME holds for review (its judge record of the first system). */
  pairReviewId: string;
};

export type MatrixEntry = {
  /** The file under app/ that serves it. */
  file: string;
  method: Method;
  /** Pages and better-auth's catch-all only: API routes declare theirs in their contract. */
  access?: Access;
  /** A concrete path to request as the given role. */
  path: (ids: MatrixIds, role: "rater" | "sme" | "admin" | "anonymous") => string;
  body?: unknown;
};

const ownRecord = (ids: MatrixIds, role: string) =>
  `/records/${ids.recordOf(role === "anonymous" ? "rater" : (role as "rater"))}`;
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";
const ownAssignment = (ids: MatrixIds, role: string) =>
  ids.assignmentOf(role === "anonymous" ? "rater" : (role as "rater"));

export const ACCESS_MATRIX: MatrixEntry[] = [
  // The start page signs a visitor in first, then sends each role to its home.
  { file: "app/page.tsx", method: "PAGE", access: "records.read_own", path: () => "/" },
  { file: "app/sign-in/page.tsx", method: "PAGE", access: "public", path: () => "/sign-in" },
  { file: "app/invite/[token]/page.tsx", method: "PAGE", access: "public", path: () => "/invite/not-a-real-token" },
  {
    file: "app/reset-password/[token]/page.tsx",
    method: "PAGE",
    access: "public",
    path: () => "/reset-password/not-a-real-token",
  },
  { file: "app/welcome/page.tsx", method: "PAGE", access: "records.read_own", path: () => "/welcome" },
  { file: "app/records/page.tsx", method: "PAGE", access: "records.read_own", path: () => "/records" },
  { file: "app/records/new/page.tsx", method: "PAGE", access: "records.submit", path: () => "/records/new" },
  { file: "app/records/[evalId]/page.tsx", method: "PAGE", access: "records.read_own", path: ownRecord },
  { file: "app/admin/users/page.tsx", method: "PAGE", access: "users.manage", path: () => "/admin/users" },
  { file: "app/admin/raters/page.tsx", method: "PAGE", access: "users.manage", path: () => "/admin/raters" },
  { file: "app/admin/alerts/page.tsx", method: "PAGE", access: "users.manage", path: () => "/admin/alerts" },
  { file: "app/my-work/page.tsx", method: "PAGE", access: "records.read_own", path: () => "/my-work" },
  { file: "app/admin/audit/page.tsx", method: "PAGE", access: "audit.read", path: () => "/admin/audit" },
  { file: "app/settings/tokens/page.tsx", method: "PAGE", access: "tokens.manage_own", path: () => "/settings/tokens" },
  { file: "app/api/auth/[...all]/route.ts", method: "GET", access: "public", path: () => "/api/auth/get-session" },
  // A malformed sign-in: reaches better-auth without ending the saved sessions.
  {
    file: "app/api/auth/[...all]/route.ts",
    method: "POST",
    access: "public",
    path: () => "/api/auth/sign-in/email",
    body: {},
  },
  { file: "app/api/records/route.ts", method: "GET", path: () => "/api/records" },
  { file: "app/api/records/route.ts", method: "POST", path: () => "/api/records", body: {} },
  { file: "app/api/records/validate/route.ts", method: "POST", path: () => "/api/records/validate", body: {} },
  { file: "app/api/records/import/route.ts", method: "POST", path: () => "/api/records/import", body: {} },
  { file: "app/admin/export/page.tsx", method: "PAGE", access: "records.export", path: () => "/admin/export" },
  { file: "app/api/exports/route.ts", method: "GET", path: () => "/api/exports" },
  // An unknown format: refused after the permission check, so no export is started.
  { file: "app/api/exports/route.ts", method: "POST", path: () => "/api/exports", body: { format: "xml" } },
  { file: "app/api/exports/[exportId]/file/route.ts", method: "GET", path: () => `/api/exports/${UNKNOWN_UUID}/file` },
  { file: "app/api/exports/[exportId]/route.ts", method: "GET", path: () => `/api/exports/${UNKNOWN_UUID}` },
  {
    file: "app/api/exports/[exportId]/manifest/route.ts",
    method: "GET",
    path: () => `/api/exports/${UNKNOWN_UUID}/manifest`,
  },
  {
    file: "app/api/exports/[exportId]/decisions/route.ts",
    method: "GET",
    path: () => `/api/exports/${UNKNOWN_UUID}/decisions`,
  },
  {
    file: "app/api/exports/[exportId]/pairwise/route.ts",
    method: "GET",
    path: () => `/api/exports/${UNKNOWN_UUID}/pairwise`,
  },
  {
    file: "app/api/exports/[exportId]/adjudications/route.ts",
    method: "GET",
    path: () => `/api/exports/${UNKNOWN_UUID}/adjudications`,
  },
  {
    file: "app/api/exports/[exportId]/work-times/route.ts",
    method: "GET",
    path: () => `/api/exports/${UNKNOWN_UUID}/work-times`,
  },
  { file: "app/api/records/[evalId]/route.ts", method: "GET", path: (ids, role) => `/api${ownRecord(ids, role)}` },
  {
    file: "app/api/rater-flags/dismissals/route.ts",
    method: "POST",
    path: () => "/api/rater-flags/dismissals",
    body: { flag_key: "none", evidence_key: "none", reason: "checked" },
  },
  { file: "app/api/users/route.ts", method: "GET", path: () => "/api/users" },
  {
    file: "app/api/users/route.ts",
    method: "POST",
    path: () => "/api/users",
    body: { email: "not-an-email", roles: [] },
  },
  {
    file: "app/api/users/[userId]/route.ts",
    method: "PATCH",
    path: (ids) => `/api/users/${ids.targetUserId}`,
    body: { roles: ["rater"] },
  },
  // Issues a link the matrix never uses: the target keeps their password and sessions.
  {
    file: "app/api/users/[userId]/password-reset/route.ts",
    method: "POST",
    path: (ids) => `/api/users/${ids.targetUserId}/password-reset`,
  },
  // Only a line that is not an address: nobody is invited.
  {
    file: "app/api/users/invitations/route.ts",
    method: "POST",
    path: () => "/api/users/invitations",
    body: { list: "not-an-email", roles: ["rater"] },
  },
  { file: "app/api/users/invitations/route.ts", method: "GET", path: () => "/api/users/invitations" },
  // An invitation that does not exist: nothing is resent or revoked.
  {
    file: "app/api/users/invitations/[invitationId]/resend/route.ts",
    method: "POST",
    path: () => `/api/users/invitations/${UNKNOWN_UUID}/resend`,
  },
  {
    file: "app/api/users/invitations/[invitationId]/route.ts",
    method: "DELETE",
    path: () => `/api/users/invitations/${UNKNOWN_UUID}`,
  },
  {
    file: "app/api/password-resets/[token]/route.ts",
    method: "POST",
    path: () => "/api/password-resets/not-a-real-token",
    body: { password: "a-long-password-1" },
  },
  { file: "app/api/tokens/route.ts", method: "GET", path: () => "/api/tokens" },
  { file: "app/api/tokens/route.ts", method: "POST", path: () => "/api/tokens", body: { name: "", roles: [] } },
  { file: "app/api/tokens/[tokenId]/route.ts", method: "DELETE", path: () => `/api/tokens/${UNKNOWN_UUID}` },
  {
    file: "app/api/invitations/[token]/route.ts",
    method: "POST",
    path: () => "/api/invitations/not-a-real-token",
    body: {},
  },
  { file: "app/api/audit/route.ts", method: "GET", path: () => "/api/audit" },
  { file: "app/queue/page.tsx", method: "PAGE", access: "queue.work", path: () => "/queue" },
  {
    file: "app/rate/[assignmentId]/page.tsx",
    method: "PAGE",
    access: "queue.work",
    path: (ids, role) => `/rate/${ownAssignment(ids, role)}`,
  },
  {
    file: "app/rate/pair/[assignmentId]/page.tsx",
    method: "PAGE",
    access: "queue.work",
    path: (ids, role) => `/rate/pair/${ids.pairAssignmentOf(role === "anonymous" ? "rater" : role)}`,
  },
  { file: "app/admin/imports/page.tsx", method: "PAGE", access: "items.import", path: () => "/admin/imports" },
  {
    file: "app/admin/imports/[importId]/page.tsx",
    method: "PAGE",
    access: "items.import",
    path: (ids) => `/admin/imports/${ids.importId}`,
  },
  { file: "app/admin/suites/page.tsx", method: "PAGE", access: "suites.manage", path: () => "/admin/suites" },
  { file: "app/admin/pairwise/page.tsx", method: "PAGE", access: "suites.manage", path: () => "/admin/pairwise" },
  {
    file: "app/admin/pairwise/[suiteId]/page.tsx",
    method: "PAGE",
    access: "suites.manage",
    path: (ids) => `/admin/pairwise/${ids.pairwiseSuiteId}`,
  },
  {
    file: "app/admin/pairwise/[suiteId]/settings/page.tsx",
    method: "PAGE",
    access: "suites.manage",
    path: (ids) => `/admin/pairwise/${ids.pairwiseSuiteId}/settings`,
  },
  {
    file: "app/admin/suites/[suiteId]/page.tsx",
    method: "PAGE",
    access: "suites.manage",
    path: (ids) => `/admin/suites/${ids.suiteId}`,
  },
  { file: "app/api/imports/route.ts", method: "GET", path: () => "/api/imports" },
  { file: "app/api/imports/route.ts", method: "POST", path: () => "/api/imports", body: { format: "csv" } },
  { file: "app/api/imports/[importId]/route.ts", method: "GET", path: (ids) => `/api/imports/${ids.importId}` },
  // The matrix import has read its file: a second file is refused with 409.
  {
    file: "app/api/imports/[importId]/file/route.ts",
    method: "PUT",
    path: (ids) => `/api/imports/${ids.importId}/file`,
    body: "{}",
  },
  {
    file: "app/api/imports/[importId]/decision/route.ts",
    method: "POST",
    path: (ids) => `/api/imports/${ids.importId}/decision`,
    body: {},
  },
  {
    file: "app/api/imports/[importId]/report/route.ts",
    method: "GET",
    path: (ids) => `/api/imports/${ids.importId}/report`,
  },
  { file: "app/api/suites/route.ts", method: "GET", path: () => "/api/suites" },
  { file: "app/api/suites/route.ts", method: "POST", path: () => "/api/suites", body: {} },
  { file: "app/api/suites/[suiteId]/route.ts", method: "GET", path: (ids) => `/api/suites/${ids.suiteId}` },
  { file: "app/api/suites/[suiteId]/route.ts", method: "PATCH", path: (ids) => `/api/suites/${ids.suiteId}`, body: {} },
  { file: "app/api/suites/[suiteId]/next/route.ts", method: "POST", path: (ids) => `/api/suites/${ids.suiteId}/next` },
  { file: "app/adjudicate/page.tsx", method: "PAGE", access: "adjudicate", path: () => "/adjudicate" },
  {
    file: "app/adjudicate/[suiteId]/page.tsx",
    method: "PAGE",
    access: "adjudicate",
    path: (ids) => `/adjudicate/${ids.suiteId}`,
  },
  {
    file: "app/adjudicate/[suiteId]/items/[itemId]/page.tsx",
    method: "PAGE",
    access: "adjudicate",
    path: (ids) => `/adjudicate/${ids.suiteId}/items/${ids.itemId}`,
  },
  { file: "app/api/suites/[suiteId]/items/route.ts", method: "GET", path: (ids) => `/api/suites/${ids.suiteId}/items` },
  {
    file: "app/api/suites/[suiteId]/adjudications/route.ts",
    method: "GET",
    path: (ids) => `/api/suites/${ids.suiteId}/adjudications`,
  },
  {
    file: "app/api/suites/[suiteId]/adjudication-next/route.ts",
    method: "POST",
    path: (ids) => `/api/suites/${ids.suiteId}/adjudication-next`,
  },
  // No decision to re-adjudicate (an unknown item): 404 for those allowed.
  {
    file: "app/api/suites/[suiteId]/items/[itemId]/readjudicate/route.ts",
    method: "POST",
    path: (ids) => `/api/suites/${ids.suiteId}/items/${UNKNOWN_UUID}/readjudicate`,
  },
  {
    file: "app/api/adjudications/[adjudicationId]/route.ts",
    method: "GET",
    path: () => `/api/adjudications/${UNKNOWN_UUID}`,
  },
  {
    file: "app/api/adjudications/[adjudicationId]/closest/route.ts",
    method: "PUT",
    path: () => `/api/adjudications/${UNKNOWN_UUID}/closest`,
    body: {},
  },
  {
    file: "app/api/adjudications/[adjudicationId]/draft/route.ts",
    method: "PUT",
    path: () => `/api/adjudications/${UNKNOWN_UUID}/draft`,
    body: {},
  },
  {
    file: "app/api/adjudications/[adjudicationId]/submit/route.ts",
    method: "POST",
    path: () => `/api/adjudications/${UNKNOWN_UUID}/submit`,
    body: {},
  },
  // Pairwise comparison (issue 22): unknown ids, so a caller with the permission gets 404 (or 422 for a bad body).
  { file: "app/api/pairwise/suites/route.ts", method: "GET", path: () => "/api/pairwise/suites" },
  { file: "app/api/pairwise/suites/route.ts", method: "POST", path: () => "/api/pairwise/suites", body: {} },
  {
    file: "app/api/pairwise/suites/[suiteId]/route.ts",
    method: "GET",
    path: (ids) => `/api/pairwise/suites/${ids.pairwiseSuiteId}`,
  },
  // An empty change is refused (422) before anything changes.
  {
    file: "app/api/pairwise/suites/[suiteId]/route.ts",
    method: "PATCH",
    path: (ids) => `/api/pairwise/suites/${ids.pairwiseSuiteId}`,
    body: {},
  },
  {
    file: "app/api/pairwise/suites/[suiteId]/next/route.ts",
    method: "POST",
    path: () => `/api/pairwise/suites/${UNKNOWN_UUID}/next`,
  },
  {
    file: "app/api/pairwise/suites/[suiteId]/leaderboard/route.ts",
    method: "GET",
    path: () => `/api/pairwise/suites/${UNKNOWN_UUID}/leaderboard`,
  },
  {
    file: "app/api/pairwise/suites/[suiteId]/judge-runs/route.ts",
    method: "GET",
    path: () => `/api/pairwise/suites/${UNKNOWN_UUID}/judge-runs`,
  },
  {
    file: "app/api/pairwise/suites/[suiteId]/judge-runs/route.ts",
    method: "POST",
    path: () => `/api/pairwise/suites/${UNKNOWN_UUID}/judge-runs`,
    body: {},
  },
  // A body without reviewer_ids is refused (422) before anything changes.
  {
    file: "app/api/pairwise/suites/[suiteId]/reviewers/route.ts",
    method: "PUT",
    path: (ids) => `/api/pairwise/suites/${ids.pairwiseSuiteId}/reviewers`,
    body: {},
  },
  {
    file: "app/api/pairwise/suites/[suiteId]/review-next/route.ts",
    method: "POST",
    path: () => `/api/pairwise/suites/${UNKNOWN_UUID}/review-next`,
  },
  {
    file: "app/api/pairwise/reviews/[judgeEvalId]/draft/route.ts",
    method: "PUT",
    path: () => `/api/pairwise/reviews/${UNKNOWN_UUID}/draft`,
    body: {},
  },
  {
    file: "app/api/pairwise/reviews/[judgeEvalId]/submit/route.ts",
    method: "POST",
    path: () => `/api/pairwise/reviews/${UNKNOWN_UUID}/submit`,
    body: {},
  },
  {
    file: "app/api/pairwise/assignments/[assignmentId]/route.ts",
    method: "GET",
    path: () => `/api/pairwise/assignments/${UNKNOWN_UUID}`,
  },
  // An empty body is refused before anything changes.
  {
    file: "app/api/pairwise/assignments/[assignmentId]/draft/route.ts",
    method: "PUT",
    path: () => `/api/pairwise/assignments/${UNKNOWN_UUID}/draft`,
    body: {},
  },
  {
    file: "app/api/pairwise/assignments/[assignmentId]/submit/route.ts",
    method: "POST",
    path: () => `/api/pairwise/assignments/${UNKNOWN_UUID}/submit`,
    body: {},
  },
  {
    file: "app/api/pairwise/assignments/[assignmentId]/skip/route.ts",
    method: "POST",
    path: () => `/api/pairwise/assignments/${UNKNOWN_UUID}/skip`,
    body: {},
  },
  {
    file: "app/api/assignments/[assignmentId]/route.ts",
    method: "GET",
    path: (ids, role) => `/api/assignments/${ownAssignment(ids, role)}`,
  },
  {
    file: "app/api/assignments/[assignmentId]/draft/route.ts",
    method: "PUT",
    path: (ids, role) => `/api/assignments/${ownAssignment(ids, role)}/draft`,
    body: {},
  },
  // An empty body is refused before anything changes: the hold stays for the other entries.
  {
    file: "app/api/assignments/[assignmentId]/skip/route.ts",
    method: "POST",
    path: (ids, role) => `/api/assignments/${ownAssignment(ids, role)}/skip`,
    body: {},
  },
  {
    file: "app/api/assignments/[assignmentId]/correction/route.ts",
    method: "POST",
    path: (ids, role) => `/api/assignments/${ownAssignment(ids, role)}/correction`,
    body: {},
  },
  { file: "app/share/[token]/page.tsx", method: "PAGE", access: "public", path: (ids) => `/share/${ids.shareToken}` },
  {
    file: "app/share/[token]/rate/[assignmentId]/page.tsx",
    method: "PAGE",
    access: "share_visitor",
    path: (ids) => `/share/${ids.shareToken}/rate/${ids.assignmentOf("rater")}`,
  },
  { file: "app/api/share/[token]/next/route.ts", method: "POST", path: (ids) => `/api/share/${ids.shareToken}/next` },
  // Anyone with the link is a visitor (the next call set their cookie); an assignment that is not theirs answers 404.
  {
    file: "app/api/share/[token]/assignments/[assignmentId]/draft/route.ts",
    method: "PUT",
    path: (ids) => `/api/share/${ids.shareToken}/assignments/${UNKNOWN_UUID}/draft`,
    body: {},
  },
  {
    file: "app/api/share/[token]/assignments/[assignmentId]/skip/route.ts",
    method: "POST",
    path: (ids) => `/api/share/${ids.shareToken}/assignments/${UNKNOWN_UUID}/skip`,
    body: {},
  },
  {
    file: "app/api/share/[token]/assignments/[assignmentId]/submit/route.ts",
    method: "POST",
    path: (ids) => `/api/share/${ids.shareToken}/assignments/${UNKNOWN_UUID}/submit`,
    body: {},
  },
  {
    file: "app/api/suites/[suiteId]/share-links/route.ts",
    method: "GET",
    path: (ids) => `/api/suites/${ids.suiteId}/share-links`,
  },
  {
    file: "app/api/suites/[suiteId]/share-links/route.ts",
    method: "POST",
    path: (ids) => `/api/suites/${ids.suiteId}/share-links`,
    body: {},
  },
  { file: "app/api/share-links/[linkId]/route.ts", method: "DELETE", path: () => `/api/share-links/${UNKNOWN_UUID}` },
  {
    file: "app/api/assignments/[assignmentId]/submit/route.ts",
    method: "POST",
    path: (ids, role) => `/api/assignments/${ownAssignment(ids, role)}/submit`,
    body: {},
  },
  { file: "app/review/page.tsx", method: "PAGE", access: "review.work", path: () => "/review" },
  {
    file: "app/review/[judgeEvalId]/page.tsx",
    method: "PAGE",
    access: "review.work",
    path: (ids) => `/review/${ids.reviewId}`,
  },
  {
    file: "app/review/pair/[judgeEvalId]/page.tsx",
    method: "PAGE",
    access: "review.work",
    path: (ids) => `/review/pair/${ids.pairReviewId}`,
  },
  {
    file: "app/admin/suites/[suiteId]/review/page.tsx",
    method: "PAGE",
    access: "suites.manage",
    path: (ids) => `/admin/suites/${ids.suiteId}/review`,
  },
  {
    file: "app/admin/judge-runs/[runId]/page.tsx",
    method: "PAGE",
    access: "judge_runs.manage",
    path: (ids) => `/admin/judge-runs/${ids.judgeRunId}`,
  },
  // A file holding one record that matches no item: refused with 422, nothing stored.
  {
    file: "app/api/suites/[suiteId]/prefills/route.ts",
    method: "POST",
    path: (ids) => `/api/suites/${ids.suiteId}/prefills`,
    body: "{}",
  },
  {
    file: "app/api/suites/[suiteId]/judge-runs/route.ts",
    method: "GET",
    path: (ids) => `/api/suites/${ids.suiteId}/judge-runs`,
  },
  {
    file: "app/api/suites/[suiteId]/judge-runs/route.ts",
    method: "POST",
    path: (ids) => `/api/suites/${ids.suiteId}/judge-runs`,
    body: { n_samples: 0 },
  },
  { file: "app/api/judge-runs/[runId]/route.ts", method: "GET", path: (ids) => `/api/judge-runs/${ids.judgeRunId}` },
  {
    file: "app/api/judge-runs/[runId]/cancel/route.ts",
    method: "POST",
    path: () => `/api/judge-runs/${UNKNOWN_UUID}/cancel`,
  },
  {
    file: "app/api/suites/[suiteId]/review-next/route.ts",
    method: "POST",
    path: () => `/api/suites/${UNKNOWN_UUID}/review-next`,
  },
  {
    file: "app/api/suites/[suiteId]/review-summary/route.ts",
    method: "GET",
    path: (ids) => `/api/suites/${ids.suiteId}/review-summary`,
  },
  { file: "app/api/reviews/[judgeEvalId]/route.ts", method: "GET", path: (ids) => `/api/reviews/${ids.reviewId}` },
  {
    file: "app/api/reviews/[judgeEvalId]/draft/route.ts",
    method: "PUT",
    path: (ids) => `/api/reviews/${ids.reviewId}/draft`,
    body: {},
  },
  {
    file: "app/api/reviews/[judgeEvalId]/submit/route.ts",
    method: "POST",
    path: (ids) => `/api/reviews/${ids.reviewId}/submit`,
    body: {},
  },
  {
    file: "app/admin/suites/[suiteId]/report/page.tsx",
    method: "PAGE",
    access: "suites.manage",
    path: (ids) => `/admin/suites/${ids.suiteId}/report`,
  },
  {
    file: "app/api/suites/[suiteId]/report/route.ts",
    method: "GET",
    path: (ids) => `/api/suites/${ids.suiteId}/report`,
  },
  {
    file: "app/admin/suites/[suiteId]/report/items/page.tsx",
    method: "PAGE",
    access: "suites.manage",
    path: (ids) => `/admin/suites/${ids.suiteId}/report/items?field=universal.helpfulness&pairing=human_human`,
  },
  {
    file: "app/api/suites/[suiteId]/report/items/route.ts",
    method: "GET",
    path: (ids) => `/api/suites/${ids.suiteId}/report/items?field=universal.helpfulness&pairing=human_judge`,
  },
  {
    file: "app/admin/suites/[suiteId]/items/[itemId]/page.tsx",
    method: "PAGE",
    access: "suites.manage",
    path: (ids) => `/admin/suites/${ids.suiteId}/items/${ids.itemId}`,
  },
  // Items picked by an id that is no item: nothing is added (422 for the admin).
  {
    file: "app/api/suites/[suiteId]/items/route.ts",
    method: "POST",
    path: (ids) => `/api/suites/${ids.suiteId}/items`,
    body: { item_ids: [UNKNOWN_UUID] },
  },
  {
    file: "app/api/suites/[suiteId]/items/[itemId]/route.ts",
    method: "GET",
    path: (ids) => `/api/suites/${ids.suiteId}/items/${ids.itemId}`,
  },
  // An unknown item and hold: the matrix's suite keeps its items and holds for the other entries.
  {
    file: "app/api/suites/[suiteId]/items/[itemId]/route.ts",
    method: "DELETE",
    path: (ids) => `/api/suites/${ids.suiteId}/items/${UNKNOWN_UUID}`,
  },
  {
    file: "app/api/suites/[suiteId]/holds/[assignmentId]/route.ts",
    method: "DELETE",
    path: (ids) => `/api/suites/${ids.suiteId}/holds/${UNKNOWN_UUID}`,
  },
  {
    file: "app/api/suites/[suiteId]/estimates/route.ts",
    method: "GET",
    path: (ids) => `/api/suites/${ids.suiteId}/estimates?target_width=0.5`,
  },
  {
    file: "app/api/suites/[suiteId]/item-progress/route.ts",
    method: "GET",
    path: (ids) => `/api/suites/${ids.suiteId}/item-progress?holds=yes`,
  },
  { file: "app/api/health/route.ts", method: "GET", path: () => "/api/health" },
  { file: "app/api/ready/route.ts", method: "GET", path: () => "/api/ready" },
  { file: "app/api/metrics/route.ts", method: "GET", path: () => "/api/metrics" },
  {
    file: "app/api/records/[evalId]/provenance/route.ts",
    method: "GET",
    path: (ids, role) => `/api${ownRecord(ids, role)}/provenance`,
  },
  { file: "app/api/openapi.json/route.ts", method: "GET", path: () => "/api/openapi.json" },
  { file: "app/api-docs/page.tsx", method: "PAGE", access: "public", path: () => "/api-docs" },
];
