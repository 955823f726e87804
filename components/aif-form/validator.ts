// rjsf's schema utilities (conditions, defaults) need a validator even though
// validation itself runs through lib/aif (noValidate). Precompiled from the
// form's schema (scripts/compile-validators.ts), so the browser compiles no
// schema with `new Function`, which our Content-Security-Policy forbids.
import { createPrecompiledValidator } from "@rjsf/validator-ajv8";
import formValidators from "./compiled/form-validators.cjs";
import { FORM_SCHEMA } from "./form-schema";

export const rjsfValidator = createPrecompiledValidator(formValidators, FORM_SCHEMA);
