// rjsf's schema utilities need a validator even though validation itself runs
// through lib/aif (noValidate): Ajv 2020-12, as the contract requires.
import { customizeValidator } from "@rjsf/validator-ajv8";
import Ajv2020 from "ajv/dist/2020";

export const rjsfValidator = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: { allowUnionTypes: true },
});
