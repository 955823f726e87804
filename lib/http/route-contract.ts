// What a route declares about itself (define-route.ts): method, path, access,
// the zod schemas of its query, body and answers, and the words of its
// documentation. The OpenAPI document, the metrics route label and the drift
// tests are read from these declarations; nothing here runs a request.
import { z } from "zod";
import type { Access } from "@/lib/api-docs/security";
import type { JsonSchema } from "@/lib/api-docs/json-schema";

export type RouteMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One documented answer: JSON validated by `schema`, or other content described as it is (files, JSON Lines). */
export type AnswerSpec = {
  description: string;
  schema?: z.ZodType;
  /** Non-JSON bodies (attachments, JSON Lines, Prometheus text): the OpenAPI `content` as written. */
  content?: JsonSchema;
  /** Named schemas that `content` refers to by $ref, so the document defines them. */
  uses?: z.ZodType[];
  headers?: Record<string, JsonSchema>;
};

export type RouteContract<Query extends z.ZodType | undefined = z.ZodType | undefined> = {
  method: RouteMethod;
  /** The path with `{param}` for each dynamic segment, named like its folder: `/api/suites/{suiteId}/next`. */
  path: string;
  /** The OpenAPI operationId. */
  id: string;
  /** The OpenAPI tag (an area of lib/api-docs/tags.ts). */
  tag: string;
  summary: string;
  description?: string;
  /** Documentation: the permission lib checks (the access-matrix e2e test holds lib to it). */
  access: Access;
  /** Only a signed-in browser session may call it (not an API token). */
  sessionOnly?: boolean;
  /** Parsed from the query string before the handler runs: 422 naming each bad parameter. */
  query?: Query;
  /**
   * The JSON body's schema. The body is read here (400/413/415) and parsed by
   * the lib function with this same schema, after its permission check: a
   * caller without the permission gets 403, never a 422 about the body.
   */
  body?: z.ZodType | { schema: JsonSchema; required?: boolean };
  /** A streamed request body (an uploaded file): documented, never read before the handler, which streams `request.body`. */
  upload?: { required?: boolean; content: Record<string, JsonSchema> };
  /** The body may be left out (the lib function takes its defaults). */
  bodyOptional?: boolean;
  /** Other documented parameters (request headers, shared query components). */
  parameters?: JsonSchema[];
  responses: Record<number, AnswerSpec>;
  /** Error statuses besides 401/403 (which every signed-in route may answer). */
  errors?: number[];
  /** Probes: logged at debug level, answered while the process drains. */
  probe?: boolean;
};

/**
 * Named schemas: a schema registered here becomes components.schemas[id] and
 * every use of it a $ref (lib/api-docs/route-operations.ts).
 */
export const apiSchemas = z.registry<{ id: string; description?: string; external?: boolean }>();

export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  apiSchemas.add(schema, { id, ...(description ? { description } : {}) });
  return schema;
}

/**
 * A component the document holds from elsewhere (the AIF contract files,
 * the error shape): a $ref in the document; at run time only its outline is
 * checked (the server validated the record itself when it stored it).
 */
export function documentComponent(id: string): z.ZodType<Record<string, unknown>> {
  const schema = z.record(z.string(), z.unknown());
  apiSchemas.add(schema, { id, external: true });
  return schema;
}

/** `/api/suites/{suiteId}` → `/api/suites/[suiteId]`: the label metrics and logs use. */
export function routeTemplateOf(path: string): string {
  return path.replace(/\{([^}]+)\}/g, "[$1]");
}
