// The JSON Schema an LLM judge answers with: the rated sections of an AIF
// record, copied from the verbatim contract (never restated) so the judge's
// answer can become a record without translation.
import { aifSchema } from "@/lib/aif/contract";
import type { AifDraft } from "@/lib/aif/types";

export type JudgeModality = AifDraft["task"]["modality"];

/** The part of an AIF record a judge fills: `universal` plus the optional rated sections. */
export type Judgment = Pick<AifDraft, "universal"> & { [section: string]: unknown };

export type JsonSchema = { [keyword: string]: unknown };

// Every judgment may carry these; the modality adds its own extension section.
const COMMON_SECTIONS = ["universal", "safety", "refusal", "issue_tags", "freeform"] as const;

const DEFS_PREFIX = "#/$defs/";
const contractDefs = aifSchema.$defs as Record<string, JsonSchema>;
const contractProperties = aifSchema.properties as Record<string, JsonSchema>;

/** The sections a judgment for `modality` may hold, `universal` first. */
export function judgedSections(modality: JudgeModality): string[] {
  return [...COMMON_SECTIONS, modality];
}

/** A self-contained schema (no external `$ref`) for a judgment of an item of `modality`. */
export function judgmentSchemaFor(modality: JudgeModality): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const section of judgedSections(modality)) {
    const schema = contractProperties[section];
    if (!schema) throw new Error(`the AIF schema has no section "${section}"`);
    properties[section] = structuredClone(schema);
  }
  const $defs: Record<string, JsonSchema> = {};
  for (const name of referencedDefs(properties)) $defs[name] = structuredClone(contractDefs[name]!);
  return {
    $schema: aifSchema.$schema,
    title: `AIF Eval Form v1 judgment (${modality})`,
    type: "object",
    additionalProperties: false,
    required: ["universal"],
    properties,
    $defs,
  };
}

// The contract's `$ref`s all point into its own `$defs`; follow them
// transitively so a definition that refers to another comes along with it.
function referencedDefs(root: unknown): string[] {
  const found = new Set<string>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== "object") continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        if (!value.startsWith(DEFS_PREFIX)) throw new Error(`unexpected $ref in the AIF schema: ${value}`);
        const name = value.slice(DEFS_PREFIX.length);
        if (!found.has(name)) {
          found.add(name);
          pending.push(contractDefs[name]);
        }
      } else {
        pending.push(value);
      }
    }
  }
  return [...found].sort();
}
