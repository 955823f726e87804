// The precompiled validators on disk are what the schemas compile to today,
// and they judge exactly as Ajv compiling the schemas at run time would.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recordErrors } from "@/lib/aif/contract";
import { createAjv } from "@/lib/aif/create-ajv";
import { agentDraft, chatDraft } from "@/lib/aif/sample-drafts";
import rulesSchema from "@/schemas/aif-eval-form.rules.schema.json";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import { contractValidatorsCode } from "./compile-validators-code";

describe("precompiled validators", () => {
  it("are up to date with schemas/ (else run `npm run validators:compile`)", () => {
    expect(readFileSync("lib/aif/compiled/contract-validators.cjs", "utf8")).toBe(contractValidatorsCode());
  });

  it("suffice for rjsf: the form schema has no conditional for rjsf to resolve with another schema's validator", () => {
    // components/aif-form/validator.ts gives rjsf only the contract's own
    // validator. rjsf validates subschemas only to resolve these keywords; a
    // schema that gains one needs rjsf's compileSchemaValidators instead.
    const conditional = JSON.stringify(aifSchema).match(
      /"(if|then|else|oneOf|anyOf|allOf|not|dependencies|dependentSchemas)":/g,
    );
    expect(conditional).toBeNull();
  });

  it("report the same errors as the schemas compiled at run time", () => {
    const runtime = createAjv().getSchema(rulesSchema.$id)!;
    const base = {
      schema_version: "1.0.0",
      eval_id: "3c1d5e7f-9a2b-4c6d-8e0f-1a3b5c7d9e2f",
      created_at: "2026-11-21T10:00:00.000Z",
    };
    const cases: unknown[] = [
      { ...chatDraft(), ...base },
      { ...agentDraft(), ...base },
      {
        ...chatDraft({ universal: { ...chatDraft().universal, helpfulness: { score: 2, confidence: "high" } } }),
        ...base,
      },
      { ...chatDraft({ safety: { is_violating_any: false, hate: { verdict: "violating" } } }), ...base },
      { ...chatDraft(), ...base, eval_id: "not-a-uuid", colour: "red" },
      "not an object",
    ];
    for (const value of cases) {
      runtime(value);
      const expected = (runtime.errors ?? []).map((error) => [error.instancePath, error.keyword, error.schemaPath]);
      expect(recordErrors(value).map((error) => [error.instancePath, error.keyword, error.schemaPath])).toEqual(
        expected,
      );
    }
    // The cases are not all valid: the comparison covers errors, not only passes.
    expect(cases.filter((value) => recordErrors(value).length > 0).length).toBe(4);
  });
});

describe("rule names of precompiled errors", () => {
  it("are unambiguous: no node of the verbatim schema has the JSON of a rule's node", async () => {
    const { ruleOfSchemaNode } = await import("@/lib/aif/issues");
    const clashes: string[] = [];
    const visit = (node: unknown) => {
      if (node === null || typeof node !== "object") return;
      if (!Array.isArray(node) && ruleOfSchemaNode(structuredClone(node)))
        clashes.push(JSON.stringify(node).slice(0, 80));
      for (const child of Object.values(node)) visit(child);
    };
    visit(aifSchema);
    expect(clashes).toEqual([]);
  });
});
