// The facts the AIF schema states once — its Likert dimensions, hazards, rater
// types, modalities, issue tags and judged sections — read from the verbatim
// schema, never retyped. Client-safe (no server code): the form, the report,
// the export and the CLI all read them from here.
import aifSchema from "@/schemas/aif-eval-form.schema.json";

type Node = { $ref?: string; properties?: Record<string, Node>; items?: Node; enum?: unknown[] };
type SchemaLike = { properties: Record<string, unknown>; $defs: Record<string, unknown> };

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
const HAZARD_REF = "#/$defs/hazardVerdict";

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

function resolve(schema: SchemaLike, node: Node): Node {
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

const enumOf = (node: Node | undefined): string[] =>
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

export const CONTRACT_FACTS: ContractFacts = contractFactsOf(aifSchema as SchemaLike);

export const LIKERT_DIMENSIONS: readonly string[] = CONTRACT_FACTS.likertDimensions;
export const HAZARDS: readonly string[] = CONTRACT_FACTS.hazards;
export const RATER_TYPES: readonly string[] = CONTRACT_FACTS.raterTypes;
export const MODALITIES: readonly string[] = CONTRACT_FACTS.modalities;
export const ISSUE_TAGS: readonly string[] = CONTRACT_FACTS.issueTags;
export const JUDGED_SECTIONS: readonly string[] = CONTRACT_FACTS.judgedSections;

/** The universal Likert dimensions by name, in the schema's order. */
export const UNIVERSAL_DIMENSIONS: readonly string[] = LIKERT_DIMENSIONS.filter((path) =>
  path.startsWith("universal."),
).map((path) => path.slice("universal.".length));

/** A hazard's verdicts (`not_applicable`, `violating`, …), in the schema's order. */
export const HAZARD_VERDICTS: readonly string[] = enumOf(
  resolve(aifSchema as SchemaLike, { $ref: HAZARD_REF }).properties?.verdict,
);

/**
 * The rater types whose rater.id is a person's user id (app_user.id): every type but a model (llm_judge) and an
 * anonymous end user. The schema does not say which types are people; contract-facts.test.ts asks that each of
 * its rater types is on one side of this line, so a new type forces the choice.
 */
export const PERSON_RATER_TYPES: readonly string[] = ["human", "sme", "hybrid"];
export const NON_PERSON_RATER_TYPES: readonly string[] = ["llm_judge", "end_user"];
