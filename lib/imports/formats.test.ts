// The import-format registry against what must agree with it outside the
// TypeScript compiler's reach: the shape of a format id the item schema and the
// database allow, the parsers, a fixture per format, the API's zod enum and the usage strings.
import { readdirSync } from "node:fs";
import { createReadStream } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import itemSchema from "@/schemas/item.schema.json";
import { USAGE } from "@/lib/cli/main";
import { IMPORT_FORMAT_CHOICES, IMPORT_FORMAT_IDS, IMPORT_FORMATS, isImportFormat } from "./formats";
import { ITEM_PARSERS } from "./parsers";
import { readItems } from "./read-items";
import { NewImportInput } from "./validation";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

describe("import-format registry", () => {
  it("has unique ids and a label and description for each", () => {
    expect(new Set(IMPORT_FORMAT_IDS).size).toBe(IMPORT_FORMATS.length);
    for (const format of IMPORT_FORMATS) {
      expect(format.id).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(format.label.length).toBeGreaterThan(0);
      expect(format.description.length).toBeGreaterThan(0);
      expect(format.fileKinds.length).toBeGreaterThan(0);
    }
  });

  it("has ids of the shape schemas/item.schema.json and the database allow as a format", () => {
    const shape = new RegExp(itemSchema.properties.source.properties.format.pattern);
    for (const id of IMPORT_FORMAT_IDS) expect(id).toMatch(shape);
  });

  it("has a parser for every format and no parser for an unknown one", () => {
    expect(Object.keys(ITEM_PARSERS).sort()).toEqual([...IMPORT_FORMAT_IDS].sort());
  });

  it("has a fixture per format (lib/imports/fixtures/<id>*.jsonl or .json) with lines its parser accepts", async () => {
    const files = readdirSync(FIXTURES);
    for (const format of IMPORT_FORMAT_IDS) {
      // A format may have several fixtures (variants, some all refused): one at least must be accepted.
      const fixtures = files.filter((file) => file.startsWith(format) && /\.jsonl?$/.test(file));
      expect(fixtures.length, `a fixture for ${format}`).toBeGreaterThan(0);
      let accepted = 0;
      for (const fixture of fixtures) {
        const report = await readItems(createReadStream(path.join(FIXTURES, fixture)), {
          format,
          systemUnderTest: "fixture/model",
        });
        accepted += report.accepted;
      }
      expect(accepted, `${fixtures.join(", ")} as ${format}`).toBeGreaterThan(0);
    }
  });

  it("drives the API's zod enum: every id passes, anything else is refused", () => {
    for (const format of IMPORT_FORMAT_IDS) expect(NewImportInput.safeParse({ format }).success).toBe(true);
    expect(NewImportInput.safeParse({ format: "csv" }).success).toBe(false);
    expect(isImportFormat("csv")).toBe(false);
    expect(isImportFormat(IMPORT_FORMAT_IDS[0])).toBe(true);
  });

  it("drives the CLI usage", () => {
    expect(IMPORT_FORMAT_CHOICES).toBe(IMPORT_FORMAT_IDS.join("|"));
    expect(USAGE).toContain(`--format ${IMPORT_FORMAT_CHOICES}`);
  });
});
