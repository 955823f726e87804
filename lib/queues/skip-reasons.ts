// Why a rater may skip an item: one list for the API, the skip dialog, the
// database check (migration 20261124300000_assignment_skip) and the suite page.
// Client-safe and free of zod: zod probes `Function("")` when loaded, which the
// rating page's CSP reports as a violation (the hostile-content drill fails on it).

export const SKIP_REASONS = ["broken_content", "outside_expertise", "other"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** What the rater reads for each reason (one list for the dialog, the suite page and the API docs). */
export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  broken_content: "It is broken or its content is missing",
  outside_expertise: "It is outside my expertise",
  other: "Another reason (say which)",
};
