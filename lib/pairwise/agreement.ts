// Agreement on the preference: ordinal Krippendorff's alpha over the five
// levels, each pair a unit, reusing the report's alpha and its bootstrap.
import { bootstrapAlphaInterval, type AlphaInterval } from "@/lib/analytics/bootstrap";
import { krippendorffAlpha } from "@/lib/analytics/krippendorff-alpha";
import type { PairwiseJudgment } from "./judgment";
import { orientTo } from "./judgment";
import { preferenceRank } from "./preference";
import type { BootstrapOptions } from "./interval";

export type PreferenceAgreement = {
  /** Ordinal alpha over much_worse … much_better; null when it says nothing (see krippendorffAlpha). */
  readonly alpha: number | null;
  readonly interval: AlphaInterval | null;
  /** Pairs judged at least twice. */
  readonly units: number;
  readonly pairable: number;
};

/**
 * Judgments of one unit (pair) are compared from one side — the system whose
 * name sorts first — so "A better" and "B worse" count as the same verdict.
 */
export function preferenceAgreement(
  judgments: Iterable<PairwiseJudgment>,
  options?: BootstrapOptions,
): PreferenceAgreement {
  const units = new Map<string, number[]>();
  for (const judgment of judgments) {
    const side = judgment.first < judgment.second ? judgment.first : judgment.second;
    const values = units.get(judgment.unit) ?? [];
    values.push(preferenceRank(orientTo(judgment, side).preference));
    units.set(judgment.unit, values);
  }
  const result = krippendorffAlpha(units.values(), { level: "ordinal" });
  const interval =
    result.alpha === null ? null : bootstrapAlphaInterval(units.values(), { level: "ordinal", ...options });
  return { alpha: result.alpha, interval, units: result.units, pairable: result.pairable };
}
