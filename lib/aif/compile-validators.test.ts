import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chatDraft } from "./sample-drafts";
import { aifValidatorsSource } from "./compile-validators";
import { createAjv, recordErrors, rulesSchema } from "./contract";

describe("the precompiled AIF validators", () => {
  it("match the schemas (run `npm run schemas:compile` after changing them)", () => {
    expect(readFileSync("schemas/aif-eval-form.validators.js", "utf8")).toBe(aifValidatorsSource());
  });

  it("never compile at run time (no eval, which the pages' CSP forbids)", () => {
    const source = readFileSync("schemas/aif-eval-form.validators.js", "utf8");
    expect(source).not.toMatch(/new Function|\beval\(|require\(/);
  });

  it("report the same errors as Ajv compiling the rules at run time", () => {
    const runtime = createAjv().getSchema(rulesSchema.$id)!;
    const samples: unknown[] = [
      {},
      { schema_version: "1.0.0", universal: { helpfulness: { score: 9 } } },
      { ...chatDraft(), eval_id: "not-a-uuid", created_at: "yesterday" },
      "not an object",
    ];
    for (const sample of samples) {
      runtime(sample);
      const strip = (errors: { instancePath: string; keyword: string; message?: string }[]) => errors.map(({ instancePath, keyword, message }) => ({ instancePath, keyword, message }));
      expect(strip(recordErrors(sample))).toEqual(strip(runtime.errors ?? []));
      expect(recordErrors(sample).length).toBeGreaterThan(0);
    }
  });
});

describe("rule names of precompiled errors", () => {
  it("are unambiguous: no node of the verbatim schema has the JSON of a rule's node", async () => {
    const { aifSchema } = await import("./contract");
    const { ruleOfSchemaNode } = await import("./issues");
    const clashes: string[] = [];
    const visit = (node: unknown) => {
      if (node === null || typeof node !== "object") return;
      if (!Array.isArray(node) && ruleOfSchemaNode(structuredClone(node))) clashes.push(JSON.stringify(node).slice(0, 80));
      for (const child of Object.values(node)) visit(child);
    };
    visit(aifSchema);
    expect(clashes).toEqual([]);
  });
});
