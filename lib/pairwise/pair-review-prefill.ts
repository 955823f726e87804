// Where an SME's review of a pairwise judge verdict starts: the pair form
// filled with the judge's verdict, rationale and per-response rubric, in the
// order the SME is shown, with the systems' names (which the judge's
// rationale states) replaced by the response labels, so the review stays
// blind as the pair page is. Pure.
import { judgmentOf } from "@/lib/review/field-decisions";
import { isPlainObject } from "@/lib/is-plain-object";

export type PairPrefill = {
  preference: string | null;
  rationale: string;
  responses: [Record<string, unknown>, Record<string, unknown>];
};

/** A judge record's judgment without what the pair form holds once for the pair (the verdict and its rationale). */
function responsePrefill(record: Record<string, unknown>): Record<string, unknown> {
  const judgment = judgmentOf(record);
  if (isPlainObject(judgment.universal)) {
    const { vs_reference: _verdict, ...universal } = judgment.universal;
    judgment.universal = universal;
  }
  if (isPlainObject(judgment.freeform)) {
    const { notes: _rationale, ...freeform } = judgment.freeform;
    if (Object.keys(freeform).length > 0) judgment.freeform = freeform;
    else delete judgment.freeform;
  }
  return judgment;
}

/** The text with each system's name replaced by its label ("Response 1" / "Response 2"), longest name first. */
export function blindText(text: string, labels: readonly { system: string; label: string }[]): string {
  return [...labels]
    .sort((a, b) => b.system.length - a.system.length)
    .reduce((blinded, { system, label }) => (system ? blinded.replaceAll(system, label) : blinded), text);
}

/** `judges[0]` is the judge's record of the response shown left (Response 1), with its system; `[1]` the right one. */
export function pairPrefillOf(
  judges: readonly [
    { system: string; record: Record<string, unknown> },
    { system: string; record: Record<string, unknown> },
  ],
): PairPrefill {
  const [left, right] = judges;
  const universal = isPlainObject(left.record.universal) ? left.record.universal : {};
  const freeform = isPlainObject(left.record.freeform) ? left.record.freeform : {};
  const notes = typeof freeform.notes === "string" ? freeform.notes : "";
  return {
    preference: typeof universal.vs_reference === "string" ? universal.vs_reference : null,
    rationale: blindText(notes, [
      { system: left.system, label: "Response 1" },
      { system: right.system, label: "Response 2" },
    ]),
    responses: [responsePrefill(left.record), responsePrefill(right.record)],
  };
}
