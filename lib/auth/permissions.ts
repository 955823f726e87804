// The permission table: which roles may do which action. Every lib function
// checks it (and ownership, in its query) for the acting user.
export const ROLES = ["rater", "sme", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = {
  /** Submit a rating (rater: human; sme: sme). */
  "records.submit": ["rater", "sme"],
  /** Read and list one's own records. */
  "records.read_own": ["rater", "sme", "admin"],
  /** Read and list everybody's records. */
  "records.read_all": ["admin"],
  /** Export records (JSON, JSONL) with their manifests and sidecars. */
  "records.export": ["admin"],
  /** Import complete records, e.g. an export from another instance (eval_ids kept). */
  "records.import": ["admin"],
  /** Create and revoke one's own API tokens. */
  "tokens.manage_own": ["rater", "sme", "admin"],
  /** Invite users, set roles, disable and enable users. */
  "users.manage": ["admin"],
  /** Read the audit log. */
  "audit.read": ["admin"],
  /** Import items and read import reports. */
  "items.import": ["admin"],
  /** Create suites, choose their raters, watch progress, manage share links. */
  "suites.manage": ["admin"],
  /** Work through the queues of the suites one is a rater of. */
  "queue.work": ["rater", "sme"],
  /** Import LLM-judge records as prefills for SME review. */
  "prefills.import": ["admin"],
  /** Start, watch and cancel judge runs over a suite. */
  "judge_runs.manage": ["admin"],
  /** Review judge prefills of the suites one is assigned to, as a subject-matter expert. */
  "review.work": ["sme"],
  /** Read LLM-judge records (the prefills an SME reviews and their chains). */
  "records.read_judge": ["sme"],
  /** Settle disagreements of a suite's items with an authoritative record (SMEs of the suites they are assigned to; admins of every suite). */
  adjudicate: ["sme", "admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function rolesAllow(roles: readonly Role[], action: Action): boolean {
  const allowed: readonly Role[] = PERMISSIONS[action];
  return roles.some((role) => allowed.includes(role));
}

/** The known roles among stored values (unknown ones grant nothing). */
export function knownRoles(values: readonly string[]): Role[] {
  return values.filter(isRole);
}
