// Every Likert of the AIF form, as a dotted path under the record (the
// universal ones, then each extension's), as the contract facts read them from
// the schema; and the score a record gives one.
import { LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { isNotRated } from "@/lib/aif/not-rated";

export type LikertDimension = string;

const KNOWN: ReadonlySet<string> = new Set(LIKERT_DIMENSIONS);

export function isLikertDimension(path: string): path is LikertDimension {
  return KNOWN.has(path);
}

/** The score a record gives a dimension, if any: none when the field is marked not rated (lib/aif/not-rated.ts). */
export function scoreOf(record: Record<string, unknown>, dimension: string): number | undefined {
  let node: unknown = record;
  for (const key of dimension.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  if (typeof node !== "object" || node === null || isNotRated(node)) return undefined;
  const score = (node as Record<string, unknown>).score;
  return typeof score === "number" ? score : undefined;
}
