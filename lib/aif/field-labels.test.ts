import { describe, expect, it } from "vitest";
import { UNIVERSAL_DIMENSIONS } from "./contract-facts";
import { enumValues, FIELD_LABELS, schemaFields, withFieldLabels } from "./field-labels";
import baseUiSchema from "@/schemas/aif-eval-form.ui-schema.json";

// A label that is a field name ("turn_count", "pass_caret_k") or "n/a" is not words for a rater.
const RAW = /_|^n\/a$/;

describe("field labels", () => {
  const fields = schemaFields();

  it("label every field of the verbatim schema in words, and nothing the schema does not have", () => {
    const missing = fields.filter(({ pointer }) => !FIELD_LABELS[pointer]?.label).map(({ pointer }) => pointer);
    expect(missing).toEqual([]);
    expect(
      fields.filter(({ pointer }) => RAW.test(FIELD_LABELS[pointer]!.label)).map(({ pointer }) => pointer),
    ).toEqual([]);
    const known = new Set(fields.map(({ pointer }) => pointer));
    expect(Object.keys(FIELD_LABELS).filter((pointer) => !known.has(pointer))).toEqual([]);
  });

  it("replace every schema description (written for implementers) with help written for raters", () => {
    const prose = fields.filter(
      ({ pointer, node }) =>
        !pointer.startsWith("#") && (node as { description?: string }).description && !FIELD_LABELS[pointer]?.help,
    );
    expect(prose.map(({ pointer }) => pointer)).toEqual([]);
  });

  it("name every enum value in words", () => {
    const unnamed = fields.flatMap(({ pointer, node }) =>
      enumValues(node)
        .filter(
          (value) =>
            !FIELD_LABELS[pointer]?.enum?.[String(value)] || RAW.test(FIELD_LABELS[pointer]!.enum![String(value)]!),
        )
        .map((value) => `${pointer} ${String(value)}`),
    );
    expect(unnamed).toEqual([]);
  });

  it("ship anchors (what 1, 3 and 5 mean) for every universal dimension", () => {
    for (const dimension of UNIVERSAL_DIMENSIONS) {
      expect(Object.keys(FIELD_LABELS[`/universal/${dimension}`]?.anchors ?? {})).toEqual(["1", "3", "5"]);
    }
  });

  it("give the form its titles, help and option names", () => {
    const uiSchema = withFieldLabels(baseUiSchema) as Record<string, Record<string, Record<string, unknown>>>;
    expect(uiSchema.chat!.turn_count!["ui:title"]).toBe("Number of turns");
    expect(uiSchema.refusal!.appropriateness!["ui:enumNames"]).toMatchObject({ "n/a": "Does not apply" });
    expect((uiSchema.agent!.tool_calls!.items as Record<string, Record<string, unknown>>).call_ok!["ui:title"]).toBe(
      "Right tool to call",
    );
  });
});
