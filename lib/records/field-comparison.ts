// Several records of one item, field by field: every judged field any of them
// fills (a Likert's score, confidence and rationale, each hazard's parts,
// refusal, tags, notes, the extensions), in the contract's order, with the
// value each record gives and whether they differ. A field one record fills
// and another leaves empty differs. Pure and client-safe.
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import { JUDGED_SECTIONS } from "@/lib/aif/contract-facts";
import { isNotRated } from "@/lib/aif/not-rated";
import { isPlainObject } from "@/lib/is-plain-object";

// The sections a rater fills (contract facts); who, what and when (rater, subject, task, ids) are shown beside, not compared.

export type ComparedField = {
  /** JSON Pointer of the field ("/universal/helpfulness/score"). */
  pointer: string;
  /** "text": free text (rationales, evidence, notes), which raters word differently; "value": a score, choice or flag. */
  kind: "value" | "text";
  /** One entry per record, in the order given; undefined where the record leaves the field empty. */
  values: (string | number | boolean | undefined)[];
  differs: boolean;
};

/** Leaves of a judged section: scalars; a list of scalars (tags) is one leaf, sorted; a list of objects (tool calls) one leaf per entry. */
function collectLeaves(value: unknown, pointer: string, into: Map<string, string | number | boolean>): void {
  // A field marked not rated (lib/aif/not-rated.ts) is empty: no value to compare or keep.
  if (value === null || value === undefined || isNotRated(value)) return;
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

type SchemaNode = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  maxLength?: number;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
};
// Prose the contract leaves unbounded; everything else free-text has a maxLength. Tool names and other identifiers are values.
const PROSE_KEYS = new Set(["anchors_used", "evidence", "assertion"]);
const DEFINITIONS = (aifSchema as unknown as { $defs: Record<string, SchemaNode> }).$defs;
const resolve = (node: SchemaNode | undefined) => (node?.$ref ? DEFINITIONS[node.$ref.split("/").pop()!] : node);

/** Where the field sits in the schema: its keys' positions, level by level (unknown keys last, array entries in order), and whether it is free text. */
function schemaPlace(pointer: string): { order: number[]; kind: "value" | "text" } {
  let node = resolve(aifSchema as unknown as SchemaNode);
  const order: number[] = [];
  for (const key of pointer.slice(1).split("/")) {
    if (/^\d+$/.test(key) && node?.items) {
      order.push(Number(key));
      node = resolve(node.items);
      continue;
    }
    const keys = Object.keys(node?.properties ?? {});
    order.push(keys.includes(key) ? keys.indexOf(key) : keys.length + 1);
    node = resolve(node?.properties?.[key]);
  }
  const lastKey = pointer.slice(pointer.lastIndexOf("/") + 1);
  const isString =
    node !== undefined &&
    (node.type === "string" || (Array.isArray(node.type) && node.type.includes("string"))) &&
    !node.enum;
  const isText = isString && (node?.maxLength !== undefined || PROSE_KEYS.has(lastKey));
  return { order, kind: isText ? "text" : "value" };
}

function compareOrder(a: number[], b: number[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1)
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  return a.length - b.length;
}

export function compareRecords(bodies: readonly Record<string, unknown>[]): ComparedField[] {
  const leaves = bodies.map((body) => {
    const into = new Map<string, string | number | boolean>();
    for (const section of JUDGED_SECTIONS) collectLeaves(body[section], `/${section}`, into);
    return into;
  });
  // Pointers in the contract's order (sections, dimensions, then a Likert's parts), as the form shows them.
  const places = new Map<string, ReturnType<typeof schemaPlace>>();
  for (const record of leaves)
    for (const pointer of record.keys()) if (!places.has(pointer)) places.set(pointer, schemaPlace(pointer));
  const pointers = [...places.keys()].sort(
    (a, b) => compareOrder(places.get(a)!.order, places.get(b)!.order) || a.localeCompare(b),
  );
  return pointers.map((pointer) => {
    const values = leaves.map((record) => record.get(pointer));
    return {
      pointer,
      kind: places.get(pointer)!.kind,
      values,
      differs: new Set(values.map((value) => (value === undefined ? "\u0000missing" : JSON.stringify(value)))).size > 1,
    };
  });
}
