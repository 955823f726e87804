// What raters read for each field of the AIF form: one map keyed by JSON
// Pointer (schemas/aif-eval-form.labels.json; array items are "-", the parts
// of a Likert or a hazard are under "#/$defs/…"), with help written for
// raters, the anchor text of each Likert (what 1, 3 and 5 mean) and the words
// for enum values. The form's uiSchema takes its titles, help and option
// names from here; a test checks every field of the verbatim schema has one.
import type { UiSchema } from "@rjsf/utils";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import labels from "@/schemas/aif-eval-form.labels.json";

export type FieldLabel = {
  label: string;
  help?: string;
  anchors?: Record<string, string>;
  enum?: Record<string, string>;
};

export const FIELD_LABELS = labels as Record<string, FieldLabel>;

type SchemaNode = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  enum?: unknown[];
};
const DEFS = (aifSchema as unknown as { $defs: Record<string, SchemaNode> }).$defs;
/** Rendered by a custom field with labels of its own parts (under "#/$defs/<name>/…"). */
const COMPOSITE = new Set(["likertWithRationale", "hazardVerdict"]);

export function pointerOf(path: readonly (string | number)[]): string {
  return path.map((key) => `/${typeof key === "number" ? "-" : key}`).join("");
}

export function labelAt(path: readonly (string | number)[]): FieldLabel | undefined {
  return FIELD_LABELS[pointerOf(path)];
}

/** The part of a Likert or hazard: "score", "confidence", … */
export function partLabel(definition: "likertWithRationale" | "hazardVerdict", part: string): FieldLabel | undefined {
  return FIELD_LABELS[`#/$defs/${definition}/${part}`];
}

/** Every field of the verbatim schema as a pointer, with its schema node. */
export function schemaFields(): { pointer: string; node: SchemaNode }[] {
  const fields: { pointer: string; node: SchemaNode }[] = [];
  const walk = (start: SchemaNode, pointer: string) => {
    let node = start;
    if (node.$ref) {
      const name = node.$ref.split("/").pop()!;
      if (COMPOSITE.has(name)) {
        fields.push({ pointer, node });
        return;
      }
      node = DEFS[name]!;
    }
    if (pointer) fields.push({ pointer, node });
    for (const [key, child] of Object.entries(node.properties ?? {})) walk(child, `${pointer}/${key}`);
    if (node.items && (node.items.properties || node.items.$ref)) walk(node.items, `${pointer}/-`);
  };
  walk(aifSchema as unknown as SchemaNode, "");
  for (const name of COMPOSITE) {
    for (const [part, node] of Object.entries(DEFS[name]!.properties ?? {}))
      fields.push({ pointer: `#/$defs/${name}/${part}`, node });
  }
  return fields;
}

/** The enum values of a field (of its items, for a list). */
export function enumValues(node: SchemaNode): unknown[] {
  return node.enum ?? node.items?.enum ?? [];
}

function uiNodeAt(root: UiSchema, pointer: string): UiSchema {
  let node = root;
  for (const key of pointer.split("/").slice(1)) {
    const name = key === "-" ? "items" : key;
    node[name] = { ...((node[name] as UiSchema | undefined) ?? {}) };
    node = node[name] as UiSchema;
  }
  return node;
}

/** The uiSchema with every field's title, rater help and option names from the labels map. */
export function withFieldLabels(base: UiSchema): UiSchema {
  const uiSchema: UiSchema = structuredClone(base);
  for (const { pointer } of schemaFields()) {
    const label = FIELD_LABELS[pointer];
    if (!label || pointer.startsWith("#")) continue;
    const node = uiNodeAt(uiSchema, pointer);
    node["ui:title"] = label.label;
    if (label.help) node["ui:description"] = label.help;
    if (label.enum) node["ui:enumNames"] = label.enum;
  }
  return uiSchema;
}

/** The field as the rater reads it on the form ("Universal rubric › Faithfulness › Score"), from the labels map. */
export function readablePath(path: string): string {
  if (path === "") return "record";
  const keys = path
    .slice(1)
    .split("/")
    .map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  return keys
    .map((key, index) => {
      if (typeof key === "number") return `#${key + 1}`;
      const label =
        labelAt(keys.slice(0, index + 1))?.label ??
        // The parts of a Likert or a hazard have one label each, under the definition.
        (index > 0 ? (partLabel("likertWithRationale", key) ?? partLabel("hazardVerdict", key))?.label : undefined);
      return label ?? key.replace(/_/g, " ");
    })
    .join(" › ");
}

/**
 * A report's name for a dotted field: the universal rubric's dimensions by their own label ("Faithfulness"),
 * an extension's with its section ("Agent › Plan"), so a table row or a chart title reads as the form does.
 */
export function fieldName(dotted: string): string {
  const parts = readablePath(`/${dotted.replace(/\./g, "/")}`).split(" › ");
  if (dotted.startsWith("universal.") && parts.length > 1) return parts.slice(1).join(" › ");
  return [parts[0]!.replace(/ \(.*\)$/, "").replace(/ (extension|rubric)$/, ""), ...parts.slice(1)].join(" › ");
}
