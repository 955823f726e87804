// The rationale rule is listed per Likert dimension in the rules schema (JSON
// Schema cannot say "every object that $refs the Likert definition").
// `npm run validators:compile` writes that list from the contract facts; this
// test fails when the file on disk is stale, so a new dimension cannot reach
// the form without its server rule (the form and the server both compile this
// file: a missing entry passed a score of 1 with no rationale on both, while
// the form's help said a rationale was required).
import { describe, expect, it } from "vitest";
import rules from "@/schemas/aif-eval-form.rules.schema.json";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import { chatDraft } from "./sample-drafts";
import { createAjv } from "./create-ajv";
import { contractFactsOf, LIKERT_DIMENSIONS } from "./contract-facts";
import { RATIONALE_RULE_REF, withDimensionRules } from "./compiled/dimension-rules";

type RuleNode = { $ref?: string; properties?: Record<string, RuleNode> };

function pathsWithRule(node: RuleNode, prefix: string[], found: string[]): string[] {
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = [...prefix, name];
    if (child.$ref === RATIONALE_RULE_REF) found.push(path.join("."));
    pathsWithRule(child, path, found);
  }
  return found;
}

describe("the rules schema's per-dimension rationale rule", () => {
  it("is on disk for every Likert dimension of the verbatim schema, and no other path (else run `npm run validators:compile`)", () => {
    const covered = pathsWithRule(rules as RuleNode, [], []);
    expect([...covered].sort()).toEqual([...LIKERT_DIMENSIONS].sort());
    expect(withDimensionRules(rules, LIKERT_DIMENSIONS)).toEqual(rules);
  });

  it("is written for a dimension added to the schema, and then refuses its score of 1 without a rationale", () => {
    const schema = structuredClone(aifSchema) as unknown as Parameters<typeof contractFactsOf>[0];
    const universal = (schema.properties.universal as { properties: Record<string, unknown> }).properties;
    universal.conciseness = { $ref: "#/$defs/likertWithRationale" };
    const dimensions = contractFactsOf(schema).likertDimensions;
    const generated = withDimensionRules(rules, dimensions);
    expect(pathsWithRule(generated as RuleNode, [], [])).toContain("universal.conciseness");
    // Compiled as the server and the form compile it, with the edited schema under the contract's $id.
    const ajv = createAjv();
    ajv.removeSchema(aifSchema.$id).removeSchema(rules.$id).addSchema(schema).addSchema(generated);
    const validate = ajv.getSchema(rules.$id)!;
    const record = {
      ...chatDraft(),
      schema_version: "1.0.0",
      eval_id: "3c1d5e7f-9a2b-4c6d-8e0f-1a3b5c7d9e2f",
      created_at: "2026-11-21T10:00:00.000Z",
    } as unknown as Record<string, Record<string, unknown>>;
    record.universal = { ...record.universal, conciseness: { score: 1, confidence: "high" } };
    expect(validate(record)).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toContain("/universal/conciseness");
    // The same record with a rationale passes: the refusal is the rule's, not the edit's.
    record.universal.conciseness = { score: 1, confidence: "high", rationale: "Rambles." };
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
  });

  it("keeps the hand-written parts of the file: the hazard rules and every definition", () => {
    const stripped = withDimensionRules(rules, []);
    expect(pathsWithRule(stripped as RuleNode, [], [])).toEqual([]);
    expect(stripped.properties.safety).toEqual(rules.properties.safety);
    expect(stripped.$defs).toEqual(rules.$defs);
  });
});
