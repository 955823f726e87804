// The record filter's query parameters, generated from RecordFilterSchema
// (the zod schema parseRecordFilter reads them with). Repeatable ones are
// arrays sent as repeated parameters; the server also splits them on commas.
import { RECORD_FILTER_KEYS, RecordFilterSchema } from "@/lib/export/record-filter";
import { fromZod, type JsonSchema } from "./json-schema";

const componentName = (key: string) => `RecordFilter.${key}`;

/** components.parameters: one per filter key. */
export function recordFilterParameterComponents(): Record<string, JsonSchema> {
  const properties = fromZod(RecordFilterSchema).properties as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const { description, ...schema } = property;
      const repeatable = schema.type === "array";
      return [
        componentName(name),
        {
          name,
          in: "query",
          required: false,
          description: typeof description === "string" ? description : name,
          schema,
          ...(repeatable ? { style: "form", explode: true } : {}),
        },
      ];
    }),
  );
}

/** References to every filter parameter, for the operations that filter records. */
export function recordFilterParameters(): JsonSchema[] {
  return RECORD_FILTER_KEYS.map((key) => ({ $ref: `#/components/parameters/${componentName(key)}` }));
}
