// Several records of one item, field by field: every judged field any of them
// fills (a Likert's score, confidence and rationale, each hazard's parts,
// refusal, tags, notes, the extensions), in the contract's order, with the
// value each record gives and whether they differ. A field one record fills
// and another leaves empty differs. Pure and client-safe.
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import { isPlainObject } from "@/lib/is-plain-object";

/** The sections a rater fills; who, what and when (rater, subject, task, ids) are shown beside, not compared. */
const JUDGED_SECTIONS = Object.keys(aifSchema.properties).filter((key) => !["schema_version", "eval_id", "created_at", "derived_from", "rater", "subject", "task"].includes(key));

export type ComparedField = {
  /** JSON Pointer of the field ("/universal/helpfulness/score"). */
  pointer: string;
  /** One entry per record, in the order given; undefined where the record leaves the field empty. */
  values: (string | number | boolean | undefined)[];
  differs: boolean;
};

/** Leaves of a judged section: scalars; a list of scalars (tags) is one leaf, sorted; a list of objects (tool calls) one leaf per entry. */
function collectLeaves(value: unknown, pointer: string, into: Map<string, string | number | boolean>): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    if (value.every((entry) => !isPlainObject(entry) && !Array.isArray(entry))) {
      if (value.length > 0) into.set(pointer, [...value].map(String).sort().join(", "));
      return;
    }
    value.forEach((entry, index) => collectLeaves(entry, `${pointer}/${index}`, into));
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, inner] of Object.entries(value)) collectLeaves(inner, `${pointer}/${key}`, into);
    return;
  }
  if (typeof value === "string" && value.trim() === "") return;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") into.set(pointer, value);
}

export function compareRecords(bodies: readonly Record<string, unknown>[]): ComparedField[] {
  const leaves = bodies.map((body) => {
    const into = new Map<string, string | number | boolean>();
    for (const section of JUDGED_SECTIONS) collectLeaves(body[section], `/${section}`, into);
    return into;
  });
  // Pointers in the contract's section order, then as the records list them.
  const pointers: string[] = [];
  const seen = new Set<string>();
  for (const section of JUDGED_SECTIONS) {
    for (const record of leaves) {
      for (const pointer of record.keys()) {
        if ((pointer === `/${section}` || pointer.startsWith(`/${section}/`)) && !seen.has(pointer)) {
          seen.add(pointer);
          pointers.push(pointer);
        }
      }
    }
  }
  return pointers.map((pointer) => {
    const values = leaves.map((record) => record.get(pointer));
    return { pointer, values, differs: new Set(values.map((value) => (value === undefined ? "\u0000missing" : JSON.stringify(value)))).size > 1 };
  });
}
