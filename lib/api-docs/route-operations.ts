// The OpenAPI operations of the routes written with defineRoute, generated
// from their contracts: zod schemas become JSON Schema (zod's own
// z.toJSONSchema), schemas named in apiSchemas become components and $refs.
import { z } from "zod";
import { apiSchemas, type RouteContract } from "@/lib/http/route-contract";
import type { JsonSchema } from "./json-schema";
import { toOperation, type HttpMethod, type OperationSpec } from "./operation";

const COMPONENTS = "#/components/schemas/";
/** Components defined by contract-schemas.ts and error-responses.ts, referred to from contracts. */
const EXTERNAL = new Set(["AifRecord", "AifRecordWithRules", "AifDraft", "NativeItem", "ValidationIssue", "Error"]);
const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** Collects the named schemas the operations use, each once. */
export class ComponentCollector {
  readonly schemas: Record<string, JsonSchema> = {};

  /** `io: "input"` for what a client sends (defaults are optional), `"output"` for answers. */
  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const {
      $schema: _dialect,
      $defs,
      ...json
    } = z.toJSONSchema(schema, {
      metadata: apiSchemas,
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
    }) as JsonSchema;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
      this.add(id, tidy(definition, io) as JsonSchema);
    const own = apiSchemas.get(schema)?.id;
    if (own && !json.$ref) {
      this.add(own, tidy(json, io) as JsonSchema);
      return { $ref: `${COMPONENTS}${own}` };
    }
    return tidy(json, io) as JsonSchema;
  }

  private add(id: string, schema: JsonSchema): void {
    if (EXTERNAL.has(id)) return;
    const { id: _id, ...definition } = schema;
    const known = this.schemas[id];
    if (known && JSON.stringify(known) !== JSON.stringify(definition))
      throw new Error(
        `schema ${id} converts differently where it is used (input and output?): ${JSON.stringify(known)} vs ${JSON.stringify(definition)}`,
      );
    this.schemas[id] = definition;
  }
}

/**
 * zod's refs point into `$defs`; the document's into components. Answers are
 * left open to more keys (they may grow; the routes do not strip them), and
 * the ±2^53 bounds zod gives every integer are noise in a reference page.
 */
function tidy(node: unknown, io: "input" | "output"): unknown {
  if (Array.isArray(node)) return node.map((entry) => tidy(entry, io));
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string") out[key] = value.replace(/^#\/\$defs\//, COMPONENTS);
    else if (key === "additionalProperties" && value === false && io === "output") continue;
    else if ((key === "minimum" || key === "maximum") && SAFE_INTEGER_BOUNDS.has(value as number)) continue;
    else out[key] = tidy(value, io);
  }
  return out;
}

function queryParameters(contract: RouteContract, components: ComponentCollector): JsonSchema[] {
  if (!contract.query) return [];
  const json = components.convert(contract.query, "input");
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
    const { description, ...schema } = property;
    return {
      name,
      in: "query",
      required: required.has(name),
      description: typeof description === "string" ? description : name,
      schema,
      ...(schema.type === "array" ? { style: "form", explode: true } : {}),
    };
  });
}

function requestBody(contract: RouteContract, components: ComponentCollector): JsonSchema | undefined {
  if (contract.upload) return { required: contract.upload.required ?? true, content: contract.upload.content };
  if (!contract.body) return undefined;
  if (contract.body instanceof z.ZodType)
    return {
      required: !contract.bodyOptional,
      content: { "application/json": { schema: components.convert(contract.body, "input") } },
    };
  return {
    required: contract.body.required ?? true,
    content: { "application/json": { schema: contract.body.schema } },
  };
}

export function contractOperation(contract: RouteContract, components: ComponentCollector): JsonSchema {
  const responses = Object.fromEntries(
    Object.entries(contract.responses).map(([status, answer]) => {
      for (const used of answer.uses ?? []) components.convert(used, "output");
      const content = answer.schema
        ? { "application/json": { schema: components.convert(answer.schema, "output") } }
        : answer.content;
      return [
        status,
        {
          description: answer.description,
          ...(answer.headers ? { headers: answer.headers } : {}),
          ...(content ? { content } : {}),
        },
      ];
    }),
  );
  const spec: OperationSpec = {
    method: contract.method.toLowerCase() as HttpMethod,
    path: contract.path,
    id: contract.id,
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    access: contract.access,
    ...(contract.sessionOnly ? { sessionOnly: true } : {}),
    query: [...queryParameters(contract, components), ...(contract.parameters ?? [])],
    body: requestBody(contract, components),
    responses,
    errors: contract.errors,
  };
  return toOperation(spec, contract.tag);
}
