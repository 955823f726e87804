// Types of the generated form-validators.cjs (rjsf's precompiled validators).
import type { ValidatorFunctions } from "@rjsf/validator-ajv8";

declare const validators: ValidatorFunctions;
export = validators;
