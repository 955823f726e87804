// The contract facts for the browser tests: Playwright's loader cannot import
// JSON modules, so the verbatim schema is read from its file and handed to the
// same reader lib/aif/contract-facts.ts uses.
import { readFileSync } from "node:fs";
import path from "node:path";
import { contractFactsOf } from "@/lib/aif/contract-facts-of";

const schema = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "..", "..", "schemas", "aif-eval-form.schema.json"), "utf8"),
);

/** The universal Likert dimensions by name, in the schema's order. */
export const UNIVERSAL_DIMENSIONS: readonly string[] = contractFactsOf(schema)
  .likertDimensions.filter((dimension) => dimension.startsWith("universal."))
  .map((dimension) => dimension.slice("universal.".length));
