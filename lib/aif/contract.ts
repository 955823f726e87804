// The AIF contract, compiled once: the verbatim schema plus its companion rules.
// Browser, server and CLI all validate through this module, so there is exactly
// one encoding of every rule (schemas/aif-eval-form.rules.schema.json).
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { ErrorObject, ValidateFunction } from "ajv";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import rulesSchema from "@/schemas/aif-eval-form.rules.schema.json";
import type { AifRecord } from "./types";

export { aifSchema, rulesSchema };
export const AIF_SCHEMA_VERSION = aifSchema.properties.schema_version.const;

const RULES_ID = rulesSchema.$id;

export type RuleName = keyof typeof rulesSchema.$defs;

/** An Ajv with the contract and its rules loaded, for schemas that build on them. */
export function createAjv(): Ajv2020 {
  // allowUnionTypes: the contract uses ["string", "null"] types throughout.
  // strictTypes off: the rules file is an overlay whose subschemas rely on the
  // base schema for `type`, which strictTypes would demand be repeated.
  const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true, strictTypes: false });
  addFormats(ajv);
  ajv.addSchema(aifSchema);
  ajv.addSchema(rulesSchema);
  return ajv;
}

let compiled: {
  contract: ValidateFunction;
  full: ValidateFunction<AifRecord>;
  rule: (pointer: string) => ValidateFunction;
} | null = null;

function validators() {
  if (compiled) return compiled;
  const ajv = createAjv();
  const ruleCache = new Map<string, ValidateFunction>();
  compiled = {
    contract: ajv.getSchema(aifSchema.$id)!,
    full: ajv.getSchema(RULES_ID)! as ValidateFunction<AifRecord>,
    rule(pointer) {
      let fn = ruleCache.get(pointer);
      if (!fn) {
        fn = ajv.getSchema(`${RULES_ID}#/$defs/${pointer}`);
        if (!fn) throw new Error(`rules schema has no $defs/${pointer}`);
        ruleCache.set(pointer, fn);
      }
      return fn;
    },
  };
  return compiled;
}

/** Errors of `value` against the verbatim AIF schema only (no companion rules). */
export function contractErrors(value: unknown): ErrorObject[] {
  const validate = validators().contract;
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** Errors of `value` against the verbatim schema plus the companion rules. */
export function recordErrors(value: unknown): ErrorObject[] {
  const validate = validators().full;
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** Does `value` match one named definition (or a part of one) of the rules schema? */
function matchesSubschema(pointer: RuleName | `${RuleName}/${string}`, value: unknown): boolean {
  return validators().rule(pointer)(value) === true;
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
