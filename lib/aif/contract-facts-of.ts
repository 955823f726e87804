// How the contract facts are read from a schema shaped like the AIF one, with
// no schema imported: lib/aif/contract-facts.ts applies it to the verbatim
// schema, and the browser tests (whose loader cannot import JSON modules) to
// the file they read (e2e/support/contract-facts.ts).
export type Node = { $ref?: string; properties?: Record<string, Node>; items?: Node; enum?: unknown[] };
export type SchemaLike = { properties: Record<string, unknown>; $defs: Record<string, unknown> };

export type ContractFacts = {
  /** Every Likert object of the form as a dotted path under the record, in the schema's order (universal first). */
  likertDimensions: string[];
  /** The hazard categories of `safety` (every property holding a hazard verdict; not the roll-up). */
  hazards: string[];
  raterTypes: string[];
  modalities: string[];
  issueTags: string[];
  /** The top-level parts of a record that hold judgments (everything but the envelope). */
  judgedSections: string[];
};

const LIKERT_REF = "#/$defs/likertWithRationale";
export const HAZARD_REF = "#/$defs/hazardVerdict";

/**
 * The parts of a record that say who rated what, when: context, not judgment.
 * Every other top-level property is a judged section, so a new section of the
 * schema is judged unless it is added here.
 */
export const RECORD_ENVELOPE = [
  "schema_version",
  "eval_id",
  "created_at",
  "derived_from",
  "rater",
  "subject",
  "task",
] as const;

export function resolve(schema: SchemaLike, node: Node): Node {
  const prefix = "#/$defs/";
  if (!node.$ref?.startsWith(prefix)) return node;
  return (schema.$defs[node.$ref.slice(prefix.length)] ?? {}) as Node;
}

function likertPaths(schema: SchemaLike, node: Node, path: string[], out: string[]): void {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    if (child.$ref === LIKERT_REF) out.push([...path, key].join("."));
    else likertPaths(schema, resolve(schema, child), [...path, key], out);
  }
}

export const enumOf = (node: Node | undefined): string[] =>
  (node?.enum ?? []).filter((value): value is string => typeof value === "string");

/** The facts of any schema shaped like the AIF one (tests pass an edited copy). */
export function contractFactsOf(schema: SchemaLike): ContractFacts {
  const properties = schema.properties as Record<string, Node>;
  const likertDimensions: string[] = [];
  likertPaths(schema, { properties }, [], likertDimensions);
  return {
    likertDimensions,
    hazards: Object.entries(properties.safety?.properties ?? {})
      .filter(([, node]) => node.$ref === HAZARD_REF)
      .map(([name]) => name),
    raterTypes: enumOf(properties.rater?.properties?.type),
    modalities: enumOf(properties.task?.properties?.modality),
    issueTags: enumOf(properties.issue_tags?.items),
    judgedSections: Object.keys(properties).filter((name) => !(RECORD_ENVELOPE as readonly string[]).includes(name)),
  };
}
