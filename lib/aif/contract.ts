// The AIF contract, precompiled: the verbatim schema plus its companion rules.
// Browser, server and CLI all validate through this module, so there is exactly
// one encoding of every rule (schemas/aif-eval-form.rules.schema.json).
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { ErrorObject, ValidateFunction } from "ajv";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import rulesSchema from "@/schemas/aif-eval-form.rules.schema.json";
import * as precompiled from "@/schemas/aif-eval-form.validators.js";
import { AJV_OPTIONS } from "./ajv-options";
import type { AifRecord } from "./types";

export { aifSchema, rulesSchema };
export const AIF_SCHEMA_VERSION = aifSchema.properties.schema_version.const;

export type RuleName = keyof typeof rulesSchema.$defs;

/** An Ajv with the contract and its rules loaded, for schemas that build on them. */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ ...AJV_OPTIONS });
  addFormats(ajv);
  ajv.addSchema(aifSchema);
  ajv.addSchema(rulesSchema);
  return ajv;
}

// Precompiled (schemas/aif-eval-form.validators.js): compiling here would need
// eval, which the pages' Content-Security-Policy forbids.
const validators = {
  contract: precompiled.contract,
  full: precompiled.full as ValidateFunction<AifRecord>,
  rule: {
    "rationaleRequired/if": precompiled.rationaleRequired,
    violatingHazard: precompiled.violatingHazard,
    someHazardViolating: precompiled.someHazardViolating,
  },
};

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
function matchesSubschema(pointer: keyof typeof validators.rule, value: unknown): boolean {
  return validators.rule[pointer](value) === true;
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
