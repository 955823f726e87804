// rjsf's schema utilities need a validator even though validation itself runs
// through lib/aif (noValidate). rjsf asks it only to resolve conditionals
// (if/then, oneOf, anyOf, dependencies), and the AIF schema has none (a test
// in lib/aif/compiled keeps it so), so the one function it needs is the
// schema's own: the contract's precompiled validator, shared with lib/aif.
// Nothing is compiled with `new Function` in the browser (our CSP forbids it),
// and neither Ajv's compiler nor a second copy of the schema's code is loaded.
import { hashForSchema } from "@rjsf/utils";
import createPrecompiledValidator from "@rjsf/validator-ajv8/lib/createPrecompiledValidator.js";
import type { ValidatorFunctions } from "@rjsf/validator-ajv8";
import { contractValidator } from "@/lib/aif/contract";
import { FORM_SCHEMA } from "./form-schema";

const formValidators: ValidatorFunctions = { [hashForSchema(FORM_SCHEMA)]: contractValidator };

export const rjsfValidator = createPrecompiledValidator(formValidators, FORM_SCHEMA);
