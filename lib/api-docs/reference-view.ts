// The OpenAPI document as the reference page shows it: operations grouped by
// tag, parameters and responses with their $refs resolved, schemas as JSON
// text and the components they use. Pure: the page only renders this.
import type { JsonSchema } from "./json-schema";
import type { OpenApiDocument } from "./openapi";

export type SchemaView = { json: string; uses: string[] };
export type MediaView = {
  mediaType: string;
  component: string | null;
  schema: SchemaView | null;
  line: { component: string | null; schema: SchemaView | null } | null;
};
export type ParameterView = {
  name: string;
  location: string;
  required: boolean;
  type: string;
  description: string;
  repeatable: boolean;
};
export type ResponseView = {
  status: string;
  description: string;
  headers: { name: string; description: string }[];
  content: MediaView[];
};
export type AccessView =
  { public: true } | { public: false; permission: string; roles: string[]; sessionOnly: boolean };
/** A shared error response (components.responses), listed once on the page and linked from each operation. */
export type ErrorLink = { status: string; anchor: string };
export type ErrorResponseView = {
  name: string;
  status: string | null;
  anchor: string;
  description: string;
  content: MediaView[];
};
export type OperationView = {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  access: AccessView;
  parameters: ParameterView[];
  body: { description: string | null; required: boolean; content: MediaView[] } | null;
  responses: ResponseView[];
  errors: ErrorLink[];
};
export type TagView = { name: string; anchor: string; description: string; operations: OperationView[] };
export type ComponentView = {
  name: string;
  anchor: string;
  title: string | null;
  description: string | null;
  schema: SchemaView;
};
export type ApiReference = {
  title: string;
  version: string;
  description: string;
  tags: TagView[];
  components: ComponentView[];
  errorResponses: ErrorResponseView[];
  securitySchemes: { name: string; description: string }[];
};

const COMPONENT_SCHEMA = "#/components/schemas/";
const COMPONENT_RESPONSE = "#/components/responses/";
const asRecord = (value: unknown): JsonSchema =>
  value !== null && typeof value === "object" ? (value as JsonSchema) : {};
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
export const anchorOf = (kind: "tag" | "op" | "schema" | "error", name: string) =>
  `${kind}-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** Component names a schema refers to (first level of each $ref), in order of appearance. */
function componentsUsed(schema: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(schema)) schema.forEach((entry) => componentsUsed(entry, found));
  else if (schema !== null && typeof schema === "object") {
    for (const [key, value] of Object.entries(schema)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT_SCHEMA))
        found.add(value.slice(COMPONENT_SCHEMA.length).split("/")[0]!);
      else componentsUsed(value, found);
    }
  }
  return [...found];
}

function schemaView(schema: unknown): SchemaView {
  return { json: JSON.stringify(schema, null, 2), uses: componentsUsed(schema) };
}

/** A schema that is only a reference to a component is shown as a link to it. */
function splitSchema(schema: unknown): { component: string | null; schema: SchemaView | null } {
  const record = asRecord(schema);
  const target = text(record.$ref);
  if (target?.startsWith(COMPONENT_SCHEMA) && Object.keys(record).length === 1)
    return { component: target.slice(COMPONENT_SCHEMA.length), schema: null };
  return { component: null, schema: schema === undefined ? null : schemaView(schema) };
}

function mediaViews(content: unknown): MediaView[] {
  return Object.entries(asRecord(content)).map(([mediaType, media]) => {
    const line = asRecord(media)["x-line-schema"];
    return { mediaType, ...splitSchema(asRecord(media).schema), line: line === undefined ? null : splitSchema(line) };
  });
}

function typeOf(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.type === "array") return `array of ${typeOf(asRecord(schema.items))}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (text(schema.type) ?? "any");
  const format = text(schema.format);
  const range =
    schema.minimum !== undefined || schema.maximum !== undefined
      ? ` ${schema.minimum ?? ""}–${schema.maximum ?? ""}`
      : "";
  return `${type}${format ? ` (${format})` : ""}${range}${schema.default !== undefined ? `, default ${JSON.stringify(schema.default)}` : ""}`;
}

function resolve(document: OpenApiDocument, value: unknown): JsonSchema {
  const target = text(asRecord(value).$ref);
  if (!target) return asRecord(value);
  return asRecord(
    target
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => asRecord(node)[key], document),
  );
}

function operationView(document: OpenApiDocument, path: string, method: string, operation: JsonSchema): OperationView {
  const access: AccessView =
    operation["x-access"] === "public"
      ? { public: true }
      : {
          public: false,
          permission: String(operation["x-access"]),
          roles: (operation["x-roles"] as string[]) ?? [],
          sessionOnly: (operation.security as object[]).length === 1,
        };
  const body = operation.requestBody === undefined ? null : asRecord(operation.requestBody);
  return {
    anchor: anchorOf("op", String(operation.operationId)),
    method: method.toUpperCase(),
    path,
    summary: String(operation.summary),
    description: text(operation.description),
    access,
    parameters: ((operation.parameters as unknown[]) ?? []).map((entry) => {
      const parameter = resolve(document, entry);
      return {
        name: String(parameter.name),
        location: String(parameter.in),
        required: parameter.required === true,
        type: typeOf(asRecord(parameter.schema)),
        description: text(parameter.description) ?? "",
        repeatable: parameter.explode === true,
      };
    }),
    body: body && {
      description: text(body.description),
      required: body.required === true,
      content: mediaViews(body.content),
    },
    errors: Object.entries(asRecord(operation.responses)).flatMap(([status, entry]) => {
      const target = text(asRecord(entry).$ref);
      return target?.startsWith(COMPONENT_RESPONSE)
        ? [{ status, anchor: anchorOf("error", target.slice(COMPONENT_RESPONSE.length)) }]
        : [];
    }),
    responses: Object.entries(asRecord(operation.responses))
      .filter(([, entry]) => !text(asRecord(entry).$ref)?.startsWith(COMPONENT_RESPONSE))
      .map(([status, entry]) => {
        const response = resolve(document, entry);
        return {
          status,
          description: text(response.description) ?? "",
          headers: Object.entries(asRecord(response.headers)).map(([name, header]) => ({
            name,
            description: text(asRecord(header).description) ?? "",
          })),
          content: mediaViews(response.content),
        };
      }),
  };
}

export function apiReference(document: OpenApiDocument): ApiReference {
  const info = asRecord(document.info);
  const tags: TagView[] = document.tags.map((tag) => ({
    name: tag.name,
    anchor: anchorOf("tag", tag.name),
    description: tag.description,
    operations: [],
  }));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = tags.find((candidate) => candidate.name === (operation.tags as string[])[0]);
      if (!tag) throw new Error(`${method} ${path} has no known tag`);
      tag.operations.push(operationView(document, path, method, operation));
    }
  }
  return {
    title: String(info.title),
    version: String(info.version),
    description: text(info.description) ?? "",
    tags,
    components: Object.entries(document.components.schemas).map(([name, schema]) => ({
      name,
      anchor: anchorOf("schema", name),
      title: text(schema.title),
      description: text(schema.description),
      schema: schemaView(schema),
    })),
    errorResponses: Object.entries(document.components.responses).map(([name, response]) => {
      const anchor = anchorOf("error", name);
      // The component is named; its status is the one operations answer it with.
      const status =
        tags
          .flatMap((tag) => tag.operations)
          .flatMap((entry) => entry.errors)
          .find((error) => error.anchor === anchor)?.status ?? null;
      return {
        name,
        status,
        anchor,
        description: text(response.description) ?? "",
        content: mediaViews(response.content),
      };
    }),
    securitySchemes: Object.entries(document.components.securitySchemes).map(([name, scheme]) => ({
      name,
      description: text(scheme.description) ?? "",
    })),
  };
}
