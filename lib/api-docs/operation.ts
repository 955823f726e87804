// One API operation as the areas declare it, and its OpenAPI Operation
// Object: path parameters from the path template, the caller's security from
// the permission table, and the shared error responses.
import { errorResponseRef } from "./error-responses";
import { arrayOf, type JsonSchema } from "./json-schema";
import { securityOf, type Access } from "./security";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export type OperationSpec = {
  method: HttpMethod;
  /** The path as Next.js serves it, with `{param}` for each dynamic segment (named like the folder). */
  path: string;
  id: string;
  summary: string;
  description?: string;
  access: Access;
  /** Only a signed-in browser session may call it (not an API token). */
  sessionOnly?: boolean;
  query?: JsonSchema[];
  /** Request headers the operation reads (headerParameter). */
  headers?: JsonSchema[];
  body?: JsonSchema;
  /** The answers that are not errors (and special error bodies). */
  responses: Record<string, JsonSchema>;
  /** Shared error responses besides 401/403, which every signed-in route may answer. */
  errors?: number[];
};

export type Area = {
  tag: { name: string; description: string };
  operations: OperationSpec[];
  schemas?: Record<string, JsonSchema>;
};

const PATH_PARAMETERS: Record<string, { description: string; schema: JsonSchema }> = {
  evalId: { description: "a record's eval_id", schema: { type: "string", format: "uuid" } },
  judgeEvalId: {
    description: "the eval_id of the judge record (prefill) under review",
    schema: { type: "string", format: "uuid" },
  },
  assignmentId: { description: "an assignment's id", schema: { type: "string", format: "uuid" } },
  importId: { description: "an import's id", schema: { type: "string", format: "uuid" } },
  itemId: { description: "an item's id", schema: { type: "string", format: "uuid" } },
  adjudicationId: {
    description: "an adjudication's id (from the queue or adjudication-next)",
    schema: { type: "string", format: "uuid" },
  },
  suiteId: { description: "a suite's id (not its key)", schema: { type: "string", format: "uuid" } },
  runId: { description: "a judge run's id", schema: { type: "string", format: "uuid" } },
  linkId: { description: "a share link's id", schema: { type: "string", format: "uuid" } },
  invitationId: { description: "a pending invitation's id", schema: { type: "string", format: "uuid" } },
  tokenId: { description: "an API token's id", schema: { type: "string", format: "uuid" } },
  userId: { description: "a user's id", schema: { type: "string" } },
  exportId: {
    description: "an export's id (the X-Export-Id of its download)",
    schema: { type: "string", format: "uuid" },
  },
  token: {
    description: "the secret token of the link (invitation or share link): it is the credential",
    schema: { type: "string" },
  },
};

function pathParameters(path: string): JsonSchema[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map(([, name = ""]) => {
    const known = PATH_PARAMETERS[name];
    if (!known) throw new Error(`path ${path}: describe the parameter {${name}} in PATH_PARAMETERS`);
    return { name, in: "path", required: true, description: known.description, schema: known.schema };
  });
}

export function toOperation(spec: OperationSpec, tag: string): JsonSchema {
  const errors = new Set(spec.errors ?? []);
  if (spec.access !== "public") [401, 403].forEach((status) => errors.add(status));
  const parameters = [...pathParameters(spec.path), ...(spec.query ?? []), ...(spec.headers ?? [])];
  return {
    tags: [tag],
    operationId: spec.id,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...securityOf(spec.access, { sessionOnly: spec.sessionOnly }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body ? { requestBody: spec.body } : {}),
    responses: {
      ...spec.responses,
      ...Object.fromEntries(
        [...errors]
          .sort((a, b) => a - b)
          .filter((status) => !(String(status) in spec.responses))
          .map((status) => [String(status), errorResponseRef(status)]),
      ),
    },
  };
}

// Shorthands for the areas' bodies, answers and parameters.

export const jsonBody = (schema: JsonSchema, description?: string): JsonSchema => ({
  required: true,
  ...(description ? { description } : {}),
  content: { "application/json": { schema } },
});

export const jsonAnswer = (
  description: string,
  schema: JsonSchema,
  headers?: Record<string, JsonSchema>,
): JsonSchema => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema } },
});

export const noContent = (description: string): JsonSchema => ({ description });

/** JSON Lines: the body is text, one JSON value per line; `x-line-schema` says what each line is. */
export const ndjson = (line: JsonSchema, description: string): JsonSchema => ({
  schema: { type: "string", description: `${description} One JSON value per line (JSON Lines).` },
  "x-line-schema": line,
});

/** One JSON document (a record or an array of them) or JSON Lines of records. */
export const recordsUpload = (record: JsonSchema, description: string): JsonSchema => ({
  required: true,
  description,
  content: {
    "application/json": { schema: { oneOf: [record, arrayOf(record)] } },
    "application/x-ndjson": ndjson(record, "One record per line."),
  },
});

export const header = (description: string, schema: JsonSchema = { type: "string" }): JsonSchema => ({
  description,
  schema,
});

export const headerParameter = (
  name: string,
  description: string,
  schema: JsonSchema,
  required = false,
): JsonSchema => ({
  name,
  in: "header",
  required,
  description,
  schema,
});

export const queryParameter = (
  name: string,
  description: string,
  schema: JsonSchema,
  required = false,
): JsonSchema => ({
  name,
  in: "query",
  required,
  description,
  schema,
});
