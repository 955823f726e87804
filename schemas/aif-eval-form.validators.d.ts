// Types of the generated standalone validators (see lib/aif/compile-validators.ts).
import type { ValidateFunction } from "ajv";

export const contract: ValidateFunction;
export const full: ValidateFunction;
export const rationaleRequired: ValidateFunction;
export const violatingHazard: ValidateFunction;
export const someHazardViolating: ValidateFunction;
