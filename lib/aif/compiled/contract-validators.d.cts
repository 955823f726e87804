// Types of the generated contract-validators.cjs (Ajv standalone code).
import type { ValidateFunction } from "ajv";

export const contract: ValidateFunction;
export const full: ValidateFunction;
export const rule_rationaleRequired_if: ValidateFunction;
export const rule_violatingHazard: ValidateFunction;
export const rule_someHazardViolating: ValidateFunction;
