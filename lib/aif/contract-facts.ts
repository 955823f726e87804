// The facts the AIF schema states once — its Likert dimensions, hazards, rater
// types, modalities, issue tags and judged sections — read from the verbatim
// schema, never retyped. Client-safe (no server code): the form, the report,
// the export and the CLI all read them from here.
import aifSchema from "@/schemas/aif-eval-form.schema.json";

import {
  contractFactsOf,
  enumOf,
  HAZARD_REF,
  resolve,
  RECORD_ENVELOPE,
  type ContractFacts,
  type SchemaLike,
} from "./contract-facts-of";

export { contractFactsOf, RECORD_ENVELOPE, type ContractFacts };

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
