// What a draft says, independent of how it was serialised: PostgreSQL's JSONB
// reorders keys and the form adds empty objects for required sections, so two
// byte-different drafts can hold the same ratings. Autosave and the choice of
// a starting draft compare drafts through here, so neither sees an edit (or a
// conflict) where the rater made none.

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null) return value;
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(value).sort()) {
    const child = canonical((value as Record<string, unknown>)[key]);
    // An absent field, an undefined one and an empty section all say "not filled".
    if (child === undefined) continue;
    if (typeof child === "object" && child !== null && !Array.isArray(child) && Object.keys(child).length === 0)
      continue;
    entries.push([key, child]);
  }
  return Object.fromEntries(entries);
}

// Filled by the form from the schema (its const), never chosen by the rater.
const NOT_CONTENT = ["schema_version"];

/** A stable string of a draft's content: sorted keys, empty sections and the schema's constants dropped. */
export function draftContentKey(draft: Record<string, unknown> | null | undefined): string {
  const content = { ...(draft ?? {}) };
  for (const key of NOT_CONTENT) delete content[key];
  return JSON.stringify(canonical(content));
}

/** Do two drafts hold the same ratings (whatever their key order or empty sections)? */
export function sameDraftContent(
  a: Record<string, unknown> | null | undefined,
  b: Record<string, unknown> | null | undefined,
): boolean {
  return draftContentKey(a) === draftContentKey(b);
}
