// The OpenAPI 3.1 document of the app's REST API, generated from the route
// contracts (defineRoute: their zod schemas) and the schemas the server
// validates with: the AIF contract and item format from schemas/, the record
// filter from RecordFilterSchema, errors from lib/errors, roles from the
// permission table. Routes not yet written with defineRoute (the imports, and
// better-auth's) keep their hand-written operations in areas/.
import packageJson from "@/package.json";
import { accountsArea, signInArea } from "./areas/accounts";
import { exportsArea } from "./areas/exports";
import { importsArea } from "./areas/imports";
import { queueArea, visitorsArea } from "./areas/queue";
import { recordsArea } from "./areas/records";
import { reviewArea } from "./areas/review";
import { adjudicationArea } from "./areas/adjudication";
import { pairwiseArea } from "./areas/pairwise";
import { suitesArea } from "./areas/suites";
import { systemArea } from "./areas/system";
import { contractSchemas } from "./contract-schemas";
import { errorResponses, errorSchemas } from "./error-responses";
import type { JsonSchema } from "./json-schema";
import { toOperation, type Area } from "./operation";
import { routeContracts } from "./route-contracts";
import { ComponentCollector, contractOperation } from "./route-operations";
import { recordFilterParameterComponents } from "./record-filter-parameters";
import { SECURITY_SCHEMES } from "./security";

/** Schemas without `$schema` are JSON Schema 2020-12, the AIF contract's own dialect. */
export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

export const AREAS: readonly Area[] = [
  recordsArea,
  exportsArea,
  importsArea,
  suitesArea,
  queueArea,
  visitorsArea,
  reviewArea,
  adjudicationArea,
  pairwiseArea,
  accountsArea,
  signInArea,
  systemArea,
];

export type OpenApiDocument = JsonSchema & {
  paths: Record<string, Record<string, JsonSchema>>;
  tags: { name: string; description: string }[];
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
};

function paths(components: ComponentCollector): OpenApiDocument["paths"] {
  const byPath: OpenApiDocument["paths"] = {};
  const add = (path: string, method: string, operation: JsonSchema) => {
    const item = (byPath[path] ??= {});
    if (item[method]) throw new Error(`${method.toUpperCase()} ${path} is described twice`);
    item[method] = operation;
  };
  const tags = new Set(AREAS.map((area) => area.tag.name));
  for (const contract of routeContracts()) {
    if (!tags.has(contract.tag))
      throw new Error(`${contract.method} ${contract.path}: tag ${contract.tag} is not an area's`);
    add(contract.path, contract.method.toLowerCase(), contractOperation(contract, components));
  }
  for (const area of AREAS) {
    for (const operation of area.operations)
      add(operation.path, operation.method, toOperation(operation, area.tag.name));
  }
  return byPath;
}

function schemas(components: ComponentCollector): Record<string, JsonSchema> {
  const all: Record<string, JsonSchema> = { ...contractSchemas(), ...errorSchemas() };
  for (const [name, schema] of Object.entries(components.schemas)) {
    if (all[name]) throw new Error(`schema ${name} is defined twice`);
    all[name] = schema;
  }
  for (const area of AREAS) {
    for (const [name, schema] of Object.entries(area.schemas ?? {})) {
      if (all[name]) throw new Error(`schema ${name} is defined twice`);
      all[name] = schema;
    }
  }
  return all;
}

export function buildOpenApiDocument(): OpenApiDocument {
  const components = new ComponentCollector();
  const documentPaths = paths(components);
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: "evalform API",
      version: packageJson.version,
      summary:
        "Rate AI model outputs on the AIF Eval Form v1 and keep the ratings as exact, schema-valid JSON records.",
      description:
        "Every route takes a session cookie (the browser) or `Authorization: Bearer <token>` (scripts) unless it is marked public. Errors are `{error: {code, message}, errors: [{path, rule, message}]}` with `path` a JSON Pointer; 401 without a valid session or token, 403 when your roles lack the permission, 404 for an object that is not yours. `x-access` names each operation's permission in lib/auth/permissions.ts and `x-roles` the roles that hold it.",
    },
    servers: [{ url: "/", description: "this server" }],
    tags: AREAS.map((area) => area.tag),
    paths: documentPaths,
    components: {
      schemas: schemas(components),
      parameters: recordFilterParameterComponents(),
      responses: errorResponses(),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

let cached: OpenApiDocument | null = null;

/** The document, built once per process (its sources do not change while the app runs). */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}
