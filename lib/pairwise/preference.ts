// The five-level pairwise preference of the AIF form (`universal.vs_reference`),
// read from the verbatim schema, and what the leaderboard makes of it: the
// mirror image seen from the other response, a win/tie/loss score and an
// ordinal rank for agreement. Client-safe.
import aifSchema from "@/schemas/aif-eval-form.schema.json";

type VsReferenceNode = { enum: readonly (string | null)[] };
const vsReference = (
  aifSchema as unknown as { properties: { universal: { properties: { vs_reference: VsReferenceNode } } } }
).properties.universal.properties.vs_reference;

/** The schema's levels, worst first: much_worse … much_better (null, "not compared", left out). */
export const PREFERENCE_LEVELS: readonly string[] = vsReference.enum.filter((level): level is string => level !== null);

export type Preference = string;

export function isPreference(value: unknown): value is Preference {
  return typeof value === "string" && PREFERENCE_LEVELS.includes(value);
}

function levelIndex(preference: Preference): number {
  const index = PREFERENCE_LEVELS.indexOf(preference);
  if (index < 0) throw new RangeError(`"${preference}" is not a vs_reference level (${PREFERENCE_LEVELS.join(", ")}).`);
  return index;
}

/** The same verdict seen from the other response: better ↔ worse, equivalent stays. */
export function mirrorPreference(preference: Preference): Preference {
  return PREFERENCE_LEVELS[PREFERENCE_LEVELS.length - 1 - levelIndex(preference)]!;
}

/** 1 (much_worse) … 5 (much_better): the ordinal value agreement is measured on. */
export function preferenceRank(preference: Preference): number {
  return levelIndex(preference) + 1;
}

/**
 * Win 1, tie ½, loss 0, as AlpacaEval and Arena count them: the strength of a
 * win (better vs much_better) does not change the win rate; it shows in agreement.
 */
export function preferenceScore(preference: Preference): number {
  const middle = (PREFERENCE_LEVELS.length - 1) / 2;
  const index = levelIndex(preference);
  return index > middle ? 1 : index < middle ? 0 : 0.5;
}
