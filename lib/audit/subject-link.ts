// Where an audit event's subject lives in the app, by its action: a record,
// an import, a suite, a judge run. Users are named (the page shows their
// display name); subjects without a page of their own (tokens, share links,
// exports, emails) stay plain text.
import type { AuditAction } from "./actions";

/** Actions whose subject is a user's id. */
const USER_SUBJECTS = new Set<string>([
  "user.roles_changed",
  "user.disabled",
  "user.enabled",
  "user.created",
  "user.password_reset_issued",
  "user.password_reset",
]);

export function subjectIsUser(action: string): boolean {
  return USER_SUBJECTS.has(action);
}

const PAGES: Partial<Record<AuditAction, (subject: string) => string>> = {
  "record.submitted": (id) => `/records/${id}`,
  "record.corrected": (id) => `/records/${id}`,
  "items.imported": (id) => `/admin/imports/${id}`,
  "items.import_discarded": (id) => `/admin/imports/${id}`,
  "items.import_refused": (id) => `/admin/imports/${id}`,
  "suite.created": (id) => `/admin/suites/${id}`,
  "suite.updated": (id) => `/admin/suites/${id}`,
  "suite.paused": (id) => `/admin/suites/${id}`,
  "suite.resumed": (id) => `/admin/suites/${id}`,
  "suite.archived": (id) => `/admin/suites/${id}`,
  "suite.unarchived": (id) => `/admin/suites/${id}`,
  "suite.hold_released": (id) => `/admin/suites/${id}`,
  "suite.item_removed": (id) => `/admin/suites/${id}`,
  "suite.items_added": (id) => `/admin/suites/${id}`,
  "judge_run.started": (id) => `/admin/judge-runs/${id}`,
  "judge_run.cancelled": (id) => `/admin/judge-runs/${id}`,
  // Its subject is the pairwise suite (the run shows on the suite's page).
  "pairwise_judge_run.started": (id) => `/admin/pairwise/${id}`,
  "pairwise_suite.created": (id) => `/admin/pairwise/${id}/settings`,
  "pairwise_suite.updated": (id) => `/admin/pairwise/${id}/settings`,
  "pairwise_suite.paused": (id) => `/admin/pairwise/${id}/settings`,
  "pairwise_suite.resumed": (id) => `/admin/pairwise/${id}/settings`,
  "pairwise_suite.archived": (id) => `/admin/pairwise/${id}/settings`,
  "pairwise_suite.unarchived": (id) => `/admin/pairwise/${id}/settings`,
  "pairwise_suite.reviewers_set": (id) => `/admin/pairwise/${id}/settings`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page of the subject, or null. Only ids are linked: a subject is text the
 * writer chose. A user is found on the users page by their display name.
 */
export function subjectPath(action: string, subject: string | null, userName?: string | null): string | null {
  if (!subject || !UUID.test(subject)) return null;
  const page = PAGES[action as AuditAction];
  if (page) return page(subject);
  return subjectIsUser(action) && userName ? `/admin/users?q=${encodeURIComponent(userName)}` : null;
}
