// A form leaves empty traces: `{}` for optional sections never touched, `""`
// and `[]` for cleared inputs. Guided by the schema, this removes what is empty
// and optional, so an untouched section is absent rather than invalid.
import { aifSchema } from "./contract";

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};

const definitions = aifSchema.$defs as Record<string, Schema>;

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/$defs/", "");
  return definitions[name] ?? schema;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

function pruneValue(value: unknown, schema: Schema | undefined): unknown {
  if (schema === undefined) return value;
  const resolved = resolve(schema);
  if (Array.isArray(value)) {
    return value.map((item) => pruneValue(item, resolved.items)).filter((item) => item !== undefined);
  }
  if (value === null || typeof value !== "object" || !resolved.properties) return value;
  const required = new Set(resolved.required ?? []);
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const pruned = pruneValue(child, resolved.properties[key]);
    if (isEmpty(pruned) && !required.has(key)) continue;
    result[key] = pruned;
  }
  return result;
}

/** The draft without empty optional values, at every depth. */
export function pruneDraft<T extends object>(draft: T): T {
  return pruneValue(draft, aifSchema as Schema) as T;
}
