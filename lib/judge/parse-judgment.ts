// Reads a judge's raw answer into a Judgment, or says precisely what is wrong
// with it (JSON Pointer + rule), so a bad answer can be reported or retried.
import type { ValidateFunction } from "ajv";
import { rulesSchema } from "@/lib/aif/contract";
import { createAjv } from "@/lib/aif/create-ajv";
import { toValidationIssues } from "@/lib/aif/issues";
import { withSafetyRollup } from "@/lib/aif/safety-rollup";
import type { ValidationIssue } from "@/lib/aif/types";
import { judgmentSchemaFor, type JudgeModality, type Judgment } from "./judgment-schema";
import { isPlainObject } from "@/lib/is-plain-object";

export type ParsedJudgment = { ok: true; judgment: Judgment } | { ok: false; issues: ValidationIssue[] };

// Models often wrap JSON in a markdown fence even when told not to.
const SURROUNDING_FENCE = /^```[\w-]*[^\S\n]*\n?([\s\S]*?)\n?[^\S\n]*```$/;

/**
 * Parses and validates a judge's answer. Besides the judgment schema, the
 * companion rules (rationale required, violating hazards need detail) are
 * checked too, since a judgment breaking them could never become a record.
 * `safety.is_violating_any` is recomputed from the hazards: it is a roll-up,
 * not something the judge decides.
 */
export function parseJudgment(raw: string, modality: JudgeModality): ParsedJudgment {
  const text = stripFence(raw.trim());
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ path: "", rule: "json", message: (error as Error).message }] };
  }
  const candidate = isPlainObject(value) ? withSafetyRollup(value) : value;
  const validate = validatorFor(modality);
  if (validate(candidate)) return { ok: true, judgment: candidate as Judgment };
  return { ok: false, issues: toValidationIssues([...(validate.errors ?? [])]) };
}

function stripFence(text: string): string {
  const fenced = SURROUNDING_FENCE.exec(text);
  return fenced ? fenced[1]!.trim() : text;
}

let ajv: ReturnType<typeof createAjv> | null = null;
const validators = new Map<JudgeModality, ValidateFunction>();

function validatorFor(modality: JudgeModality): ValidateFunction {
  let validate = validators.get(modality);
  if (!validate) {
    ajv ??= createAjv();
    validate = ajv.compile(withCompanionRules(judgmentSchemaFor(modality)));
    validators.set(modality, validate);
  }
  return validate;
}

// The rules schema states its rules per section; point at those sections by
// absolute URI so the rule names (and messages) come out of toValidationIssues.
function withCompanionRules(schema: Record<string, unknown>): Record<string, unknown> {
  const sections = Object.keys(schema.properties as object);
  const ruled = Object.keys(rulesSchema.properties).filter((section) => sections.includes(section));
  const properties = Object.fromEntries(
    ruled.map((section) => [section, { $ref: `${rulesSchema.$id}#/properties/${section}` }]),
  );
  return { ...schema, allOf: [{ properties }] };
}
