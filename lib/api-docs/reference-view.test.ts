// The page's view of the document: every operation under its tag, $refs of
// parameters and responses resolved, schemas shown as links or JSON text.
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";
import { apiReference } from "./reference-view";

const reference = apiReference(buildOpenApiDocument());
const operation = (method: string, path: string) =>
  reference.tags.flatMap((tag) => tag.operations).find((entry) => entry.method === method && entry.path === path)!;

describe("apiReference", () => {
  it("puts every operation under its tag, in the document's tag order", () => {
    const document = buildOpenApiDocument();
    const count = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    expect(reference.tags.map((tag) => tag.name)).toEqual(document.tags.map((tag) => tag.name));
    expect(reference.tags.flatMap((tag) => tag.operations)).toHaveLength(count);
    expect(
      reference.tags.find((tag) => tag.name === "Exports")!.operations.map((entry) => `${entry.method} ${entry.path}`),
    ).toContain("POST /api/exports");
  });

  it("resolves the record filter parameters and marks the repeatable ones", () => {
    const parameters = operation("GET", "/api/records").parameters;
    expect(parameters.find((parameter) => parameter.name === "rater_type")).toMatchObject({
      location: "query",
      repeatable: true,
      type: 'array of "human" | "llm_judge" | "hybrid" | "sme" | "end_user"',
    }); // the schema's order (contract facts)
    expect(parameters.find((parameter) => parameter.name === "limit")).toMatchObject({
      type: "integer 1–200, default 50",
      repeatable: false,
    });
  });

  it("shows a schema that only names a component as a link, others as JSON text with what they use", () => {
    const submit = operation("POST", "/api/records");
    expect(submit.access).toEqual({
      public: false,
      permission: "records.submit",
      roles: ["rater", "sme"],
      sessionOnly: false,
    });
    expect(submit.body!.content).toEqual([
      { mediaType: "application/json", component: "AifDraft", schema: null, line: null },
    ]);
    expect(submit.responses.map((response) => response.status)).toEqual(["201"]);
    expect(submit.errors).toEqual(
      ["400", "401", "403", "422"].map((status) => ({ status, anchor: expect.stringMatching(/^error-/) })),
    );
    const unprocessable = reference.errorResponses.find(
      (response) => `#${response.anchor}` === `#${submit.errors[3]!.anchor}`,
    )!;
    expect(unprocessable).toMatchObject({ status: "422", name: "Unprocessable" });
    expect(unprocessable.description).toContain("INVALID_RECORD");
    expect(unprocessable.content[0]!.component).toBe("Error");
    const exported = operation("GET", "/api/exports/{exportId}/file").responses.find(
      (response) => response.status === "200",
    )!;
    expect(exported.headers.map((entry) => entry.name)).toContain("X-Export-Id");
    expect(exported.content.find((media) => media.mediaType === "application/x-ndjson")!.line!.component).toBe(
      "AifRecord",
    );
    expect(exported.content.find((media) => media.mediaType === "application/json")!.schema!.uses).toEqual([
      "AifRecord",
    ]);
  });

  it("lists the named schemas with their JSON", () => {
    const record = reference.components.find((component) => component.name === "AifRecord")!;
    expect(record.title).toBe("AIF Eval Form v1");
    expect(JSON.parse(record.schema.json)["x-schema-id"]).toBe("https://eval.qa/demo/aif/eval-form.schema.json");
    expect(operation("POST", "/api/tokens").access).toMatchObject({ sessionOnly: true });
    expect(operation("GET", "/api/health").access).toEqual({ public: true });
  });
});
