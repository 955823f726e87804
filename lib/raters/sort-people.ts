// The order of a work table: by a column, people without a figure last.
import type { PersonWork } from "./work-summary";

export const PERSON_SORT_KEYS = [
  "name",
  "submitted",
  "perActiveDay",
  "medianActiveSeconds",
  "medianSecondsPer1000Chars",
  "skipped",
  "corrected",
] as const satisfies readonly (keyof PersonWork)[];
export type PersonSortKey = (typeof PERSON_SORT_KEYS)[number];

export function personSortKey(value: unknown): PersonSortKey {
  return PERSON_SORT_KEYS.find((key) => key === value) ?? "name";
}

export function sortPeople(people: PersonWork[], key: PersonSortKey, descending: boolean): PersonWork[] {
  const sign = descending ? -1 : 1;
  return [...people].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = typeof x === "string" ? x.localeCompare(y as string) : (x as number) - (y as number);
    return order === 0 ? a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind) : sign * order;
  });
}
