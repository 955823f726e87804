// A drill-down's pairing as URLs spell it: human_human, human_judge,
// judge_judge or rater_type:<type>. Client-safe: the report's links use it.
import { AppError } from "@/lib/errors";
import { sliceParametersOf } from "./report-slice";
import type { ReportSlice } from "./suite-report";
import { RATER_TYPES, type RaterType } from "./agreement-report";
import { PAIRINGS, type DrillPairing } from "./item-disagreement";

const KNOWN_TYPES: ReadonlySet<string> = new Set(RATER_TYPES);

/** The pairing named in a URL: human_human, human_judge, judge_judge or rater_type:<type>. */
export function parsePairing(text: string | undefined): DrillPairing {
  if ((PAIRINGS as readonly string[]).includes(text ?? "")) return text as (typeof PAIRINGS)[number];
  const type = text?.startsWith("rater_type:") ? text.slice("rater_type:".length) : undefined;
  if (type && KNOWN_TYPES.has(type)) return { raterType: type as RaterType };
  throw new AppError("INVALID_INPUT", "The pairing is not valid", [
    {
      path: "/pairing",
      rule: "enum",
      message: `one of ${PAIRINGS.join(", ")} or rater_type:<${RATER_TYPES.join("|")}>`,
    },
  ]);
}

export function pairingParameter(pairing: DrillPairing): string {
  return typeof pairing === "string" ? pairing : `rater_type:${pairing.raterType}`;
}

/** The page listing the items behind a figure of a suite's report. */
export function drillDownHref(
  suiteId: string,
  slice: ReportSlice,
  cell: {
    field: string;
    pairing: DrillPairing;
    judge?: string;
    human?: string;
    /** A drift warning's rater ("type:id") and their gold items. */
    rater?: string;
    gold?: boolean;
    offset?: number;
  },
): string {
  const query = sliceParametersOf(slice);
  query.delete("level");
  query.set("field", cell.field);
  query.set("pairing", pairingParameter(cell.pairing));
  if (cell.judge !== undefined && cell.human !== undefined) {
    query.set("judge", cell.judge);
    query.set("human", cell.human);
  }
  if (cell.rater !== undefined) query.set("rater", cell.rater);
  if (cell.gold !== undefined) query.set("gold", String(cell.gold));
  if (cell.offset) query.set("offset", String(cell.offset));
  return `/admin/suites/${suiteId}/report/items?${query}`;
}
