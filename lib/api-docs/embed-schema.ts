// Puts a JSON Schema file into the document's components. Its `$id` would make
// it a schema resource of its own, so `#/$defs/…` inside it would resolve
// against the file, not the document — which most OpenAPI tools get wrong.
// Instead every `$ref` is rewritten to a pointer into the document and `$id`
// is kept as `x-schema-id`; `restoreSchema` undoes this, so a test can prove
// the embedded schema is the file, unchanged.
import type { JsonSchema } from "./json-schema";

/** Where a schema file (known by its `$id`) lives in components.schemas. */
export type SchemaHome = { id: string; component: string };

const COMPONENTS = "#/components/schemas/";

export function embedSchema(schema: JsonSchema, homes: readonly SchemaHome[]): JsonSchema {
  const { $id, $schema: _dialect, ...body } = schema;
  if (typeof $id !== "string") throw new Error("an embedded schema needs its $id");
  return { ...(mapRefs(body, (target) => documentRef(target, $id, homes)) as JsonSchema), "x-schema-id": $id };
}

/** The schema file an embedded component came from (`$schema` is the document's dialect). */
export function restoreSchema(embedded: JsonSchema, homes: readonly SchemaHome[], dialect: string): JsonSchema {
  const { "x-schema-id": id, ...body } = embedded;
  if (typeof id !== "string") throw new Error("not an embedded schema: no x-schema-id");
  const restored = mapRefs(body, (target) => fileRef(target, id, homes)) as JsonSchema;
  return { $schema: dialect, $id: id, ...restored };
}

function documentRef(target: string, baseId: string, homes: readonly SchemaHome[]): string {
  const url = new URL(target, baseId);
  const fragment = url.hash;
  url.hash = "";
  const home = homes.find((candidate) => candidate.id === url.href);
  if (!home) throw new Error(`$ref ${target} points outside the embedded schemas`);
  if (fragment !== "" && !fragment.startsWith("#/"))
    throw new Error(`$ref ${target}: only JSON Pointer fragments are supported`);
  return `${COMPONENTS}${home.component}${fragment.slice(1)}`;
}

function fileRef(target: string, ownId: string, homes: readonly SchemaHome[]): string {
  if (!target.startsWith(COMPONENTS)) throw new Error(`$ref ${target} is not a component`);
  const [component = "", ...pointer] = target.slice(COMPONENTS.length).split("/");
  const home = homes.find((candidate) => candidate.component === component);
  if (!home) throw new Error(`$ref ${target} names no embedded schema`);
  const fragment = pointer.length > 0 ? `#/${pointer.join("/")}` : "";
  return home.id === ownId ? fragment || "#" : `${home.id}${fragment}`;
}

function mapRefs(node: unknown, rewrite: (target: string) => string): unknown {
  if (Array.isArray(node)) return node.map((entry) => mapRefs(entry, rewrite));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" ? rewrite(value) : mapRefs(value, rewrite),
    ]),
  );
}
