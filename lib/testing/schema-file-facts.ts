// The contract facts read from the verbatim schema's file, for code that runs
// under Playwright's loader too (browser tests, the fixtures they share with
// lib's tests): that loader cannot import JSON modules, so the file is read and
// handed to the same reader lib/aif/contract-facts.ts uses. Node only.
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
