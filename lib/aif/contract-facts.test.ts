// The contract facts are tied to the verbatim schema: every Likert object in
// it is found (counted in the raw file text, independently of the walk), and an
// edited copy of the schema shows its new dimension, hazard, tag or section.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import uiSchema from "@/schemas/aif-eval-form.ui-schema.json";
import {
  CONTRACT_FACTS,
  contractFactsOf,
  LIKERT_DIMENSIONS,
  NON_PERSON_RATER_TYPES,
  PERSON_RATER_TYPES,
  UNIVERSAL_DIMENSIONS,
} from "./contract-facts";

const schemaText = readFileSync(
  path.join(import.meta.dirname, "..", "..", "schemas", "aif-eval-form.schema.json"),
  "utf8",
);
type Schema = Parameters<typeof contractFactsOf>[0];
const copy = (): Schema => structuredClone(aifSchema) as unknown as Schema;
/** The object at a path of the schema copy, to edit. */
const at = (schema: Schema, ...keys: string[]) =>
  keys.reduce((node, key) => node[key] as Record<string, unknown>, schema as unknown as Record<string, unknown>);
const enumAt = (schema: Schema, ...keys: string[]) => at(schema, ...keys).enum as string[];

describe("the contract facts of the verbatim schema", () => {
  it("finds every Likert object the schema file holds", () => {
    // Each $ref to the Likert definition is one dimension, wherever it sits.
    const refs = schemaText.match(/"\$ref":\s*"#\/\$defs\/likertWithRationale"/g) ?? [];
    expect(LIKERT_DIMENSIONS).toHaveLength(refs.length);
    expect(new Set(LIKERT_DIMENSIONS).size).toBe(refs.length);
  });

  it("still names the 17 dimensions of the hand-kept list it replaced, in the same order", () => {
    const before = [
      "universal.helpfulness",
      "universal.instruction_following",
      "universal.faithfulness",
      "universal.safety_overall",
      "universal.overall_quality",
      "chat.consistency_across_turns",
      "agent.plan_quality",
      "agent.error_recovery",
      "rag.context_precision",
      "rag.context_recall",
      "rag.answer_faithfulness",
      "rag.answer_relevance",
      "rag.citation_accuracy",
      "multimodal.cross_modal_grounding",
      "multimodal.perceptual_quality",
      "multimodal.image_specific.fidelity",
      "multimodal.audio_specific.intelligibility",
    ];
    // A dimension added to the schema may sit anywhere; none of these may go missing or move.
    expect(LIKERT_DIMENSIONS.filter((dimension) => before.includes(dimension))).toEqual(before);
    expect(UNIVERSAL_DIMENSIONS).toEqual([
      "helpfulness",
      "instruction_following",
      "faithfulness",
      "safety_overall",
      "overall_quality",
    ]);
  });

  it("every Likert dimension is drawn by the form's Likert field (schemas/aif-eval-form.ui-schema.json)", () => {
    const fieldOf = (dimension: string) =>
      dimension
        .split(".")
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], uiSchema) as
        { "ui:field"?: string } | undefined;
    expect(LIKERT_DIMENSIONS.filter((dimension) => fieldOf(dimension)?.["ui:field"] !== "likert")).toEqual([]);
    // rjsf refuses an order list that misses a property.
    expect(uiSchema.universal["ui:order"]).toEqual(expect.arrayContaining([...UNIVERSAL_DIMENSIONS]));
  });

  it("reads hazards, rater types, modalities, tags and judged sections from the schema", () => {
    const hazardRefs = schemaText.match(/"\$ref":\s*"#\/\$defs\/hazardVerdict"/g) ?? [];
    expect(CONTRACT_FACTS.hazards).toHaveLength(hazardRefs.length);
    expect(CONTRACT_FACTS.hazards).toEqual(
      Object.keys(aifSchema.properties.safety.properties).filter((name) => name !== "is_violating_any"),
    );
    expect(CONTRACT_FACTS.raterTypes).toEqual(aifSchema.properties.rater.properties.type.enum);
    expect(CONTRACT_FACTS.modalities).toEqual(aifSchema.properties.task.properties.modality.enum);
    expect(CONTRACT_FACTS.issueTags).toEqual(aifSchema.properties.issue_tags.items.enum);
    expect(CONTRACT_FACTS.judgedSections).toEqual([
      "universal",
      "safety",
      "refusal",
      "issue_tags",
      "freeform",
      "chat",
      "agent",
      "rag",
      "multimodal",
    ]);
  });
});

describe("an edited copy of the schema", () => {
  it("shows a Likert dimension added to the universal core or to an extension", () => {
    const schema = copy();
    at(schema, "properties", "universal", "properties").added_in_this_test = { $ref: "#/$defs/likertWithRationale" };
    at(schema, "$defs", "ragExtension", "properties").retrieval = {
      type: "object",
      properties: { ranking: { $ref: "#/$defs/likertWithRationale" } },
    };
    const facts = contractFactsOf(schema);
    expect(facts.likertDimensions).toContain("universal.added_in_this_test");
    expect(facts.likertDimensions).toContain("rag.retrieval.ranking");
    expect(facts.likertDimensions).toHaveLength(LIKERT_DIMENSIONS.length + 2);
  });

  it("shows a new hazard, rater type, modality, tag and judged section", () => {
    const schema = copy();
    at(schema, "properties", "safety", "properties").elections = { $ref: "#/$defs/hazardVerdict" };
    enumAt(schema, "properties", "rater", "properties", "type").push("crowd");
    enumAt(schema, "properties", "task", "properties", "modality").push("video");
    enumAt(schema, "properties", "issue_tags", "items").push("bias");
    at(schema, "properties").pairwise = { type: "object", properties: {} };
    const facts = contractFactsOf(schema);
    expect(facts.hazards.at(-1)).toBe("elections");
    expect(facts.raterTypes.at(-1)).toBe("crowd");
    expect(facts.modalities.at(-1)).toBe("video");
    expect(facts.issueTags.at(-1)).toBe("bias");
    expect(facts.judgedSections.at(-1)).toBe("pairwise");
  });
});

describe("the people among the rater types", () => {
  it("places every rater type of the schema on exactly one side (a new type must be placed)", () => {
    expect([...PERSON_RATER_TYPES, ...NON_PERSON_RATER_TYPES].sort()).toEqual([...CONTRACT_FACTS.raterTypes].sort());
    expect(PERSON_RATER_TYPES.filter((type) => NON_PERSON_RATER_TYPES.includes(type))).toEqual([]);
  });
});
