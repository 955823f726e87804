// The AIF contract, compiled once: the verbatim schema plus its companion rules.
// Browser, server and CLI all validate through this module, so there is exactly
// one encoding of every rule (schemas/aif-eval-form.rules.schema.json).
import type { ErrorObject, ValidateFunction } from "ajv";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import rulesSchema from "@/schemas/aif-eval-form.rules.schema.json";
import * as compiled from "./compiled/contract-validators.cjs";
import { RULE_POINTERS, ruleExportName, type RulePointer } from "./compiled/rule-pointers";
import type { AifRecord } from "./types";

export { aifSchema, rulesSchema };
export const AIF_SCHEMA_VERSION = aifSchema.properties.schema_version.const;

// Precompiled by scripts/compile-validators.ts (Ajv standalone code): no
// schema is compiled at run time, in the browser or on the server.
const validators = {
  contract: compiled.contract,
  full: compiled.full as ValidateFunction<AifRecord>,
  rules: Object.fromEntries(
    RULE_POINTERS.map((pointer) => [pointer, compiled[ruleExportName(pointer) as keyof typeof compiled]]),
  ) as Record<RulePointer, ValidateFunction>,
};

/** The verbatim schema's validator, for rjsf (components/aif-form/validator.ts). */
export const contractValidator = validators.contract;

/** Errors of `value` against the verbatim AIF schema only (no companion rules). */
export function contractErrors(value: unknown): ErrorObject[] {
  const validate = validators.contract;
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** Errors of `value` against the verbatim schema plus the companion rules. */
export function recordErrors(value: unknown): ErrorObject[] {
  const validate = validators.full;
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** Does `value` match one named definition (or a part of one) of the rules schema? */
function matchesSubschema(pointer: RulePointer, value: unknown): boolean {
  return validators.rules[pointer](value) === true;
}

/** True when the likert object's score/confidence make its rationale required. */
export function isRationaleRequired(likert: unknown): boolean {
  return matchesSubschema("rationaleRequired/if", likert);
}

/** True when a hazard verdict is 'violating' (severity and evidence become required). */
export function isViolatingHazard(hazard: unknown): boolean {
  return matchesSubschema("violatingHazard", hazard);
}

/** The value `safety.is_violating_any` must have for this safety block. */
export function someHazardViolating(safety: unknown): boolean {
  return matchesSubschema("someHazardViolating", safety);
}
