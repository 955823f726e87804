// Small builders for the JSON Schema (2020-12) objects the OpenAPI document
// describes responses with, and the bridge from the services' zod schemas.
import { z } from "zod";

export type JsonSchema = { [keyword: string]: unknown };

export const ref = (component: string): JsonSchema => ({ $ref: `#/components/schemas/${component}` });
export const str = (description?: string, extra: JsonSchema = {}): JsonSchema => ({
  type: "string",
  ...(description ? { description } : {}),
  ...extra,
});
export const int = (description?: string): JsonSchema => ({ type: "integer", ...(description ? { description } : {}) });
export const num = (description?: string): JsonSchema => ({ type: "number", ...(description ? { description } : {}) });
export const bool = (description?: string): JsonSchema => ({
  type: "boolean",
  ...(description ? { description } : {}),
});
export const uuid = (description?: string): JsonSchema => str(description, { format: "uuid" });
export const dateTime = (description?: string): JsonSchema => str(description, { format: "date-time" });
export const arrayOf = (items: JsonSchema, description?: string): JsonSchema => ({
  type: "array",
  items,
  ...(description ? { description } : {}),
});
export const oneOf = (...options: JsonSchema[]): JsonSchema => ({ oneOf: options });
export const anyJson = (description: string): JsonSchema => ({ description });

/** `schema` or null (the API answers null for a value that is not there). */
export function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === "string") return { ...schema, type: [schema.type, "null"] };
  return { anyOf: [schema, { type: "null" }] };
}

/**
 * An object with these properties, all required unless listed in `optional`.
 * Left open to more properties: answers may grow, and the routes ignore
 * unknown keys of the bodies described this way.
 */
export function object(
  properties: Record<string, JsonSchema>,
  options: { optional?: string[]; description?: string } = {},
): JsonSchema {
  const optional = new Set(options.optional ?? []);
  return {
    type: "object",
    ...(options.description ? { description: options.description } : {}),
    properties,
    required: Object.keys(properties).filter((key) => !optional.has(key)),
  };
}

/**
 * A zod schema as the JSON Schema of what a client sends (`io: "input"`: a
 * default makes a field optional, a transform shows what it reads). The
 * dialect is the document's, so `$schema` is dropped.
 */
export function fromZod(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: "input",
    target: "draft-2020-12",
    unrepresentable: "throw",
  }) as JsonSchema;
  return json;
}
