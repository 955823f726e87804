// The data contracts as components: the verbatim AIF schema, its companion
// rules, the draft a rater sends (the AIF schema less the server-assigned
// fields) and the native item format — all read from schemas/, never restated.
import { SERVER_ASSIGNED_FIELDS } from "@/lib/aif/server-fields";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import rulesSchema from "@/schemas/aif-eval-form.rules.schema.json";
import itemSchema from "@/schemas/item.schema.json";
import { embedSchema, type SchemaHome } from "./embed-schema";
import type { JsonSchema } from "./json-schema";

export const CONTRACT_HOMES: readonly SchemaHome[] = [
  { id: aifSchema.$id, component: "AifRecord" },
  { id: rulesSchema.$id, component: "AifRecordWithRules" },
  { id: itemSchema.$id, component: "NativeItem" },
];

/** The files behind each embedded component (for the page and the tests). */
export const CONTRACT_FILES: Record<string, { file: string; schema: JsonSchema }> = {
  AifRecord: { file: "schemas/aif-eval-form.schema.json", schema: aifSchema },
  AifRecordWithRules: { file: "schemas/aif-eval-form.rules.schema.json", schema: rulesSchema },
  NativeItem: { file: "schemas/item.schema.json", schema: itemSchema },
};

/** A record as a rater sends it: the AIF schema's own properties, less the fields the server assigns. */
function draftSchema(record: JsonSchema): JsonSchema {
  const assigned = new Set<string>(SERVER_ASSIGNED_FIELDS);
  const properties = Object.fromEntries(
    Object.entries(record.properties as JsonSchema).filter(([name]) => !assigned.has(name)),
  );
  return {
    title: "AIF Eval Form v1 draft",
    description: `An AIF record without ${SERVER_ASSIGNED_FIELDS.join(", ")}: the server assigns them. It must then pass the AIF schema and its companion rules (AifRecordWithRules). The rater block is the caller's: rater.id may be left out.`,
    type: "object",
    additionalProperties: false,
    required: (record.required as string[]).filter((name) => !assigned.has(name)),
    properties,
  };
}

export function contractSchemas(): Record<string, JsonSchema> {
  const embedded = Object.fromEntries(
    Object.entries(CONTRACT_FILES).map(([component, { schema }]) => [component, embedSchema(schema, CONTRACT_HOMES)]),
  );
  return { ...embedded, AifDraft: draftSchema(embedded.AifRecord!) };
}
