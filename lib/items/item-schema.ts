// The native item format, compiled once (it reuses the AIF task and subject).
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { toValidationIssues } from "@/lib/aif/issues";
import type { ValidationIssue } from "@/lib/aif/types";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import itemSchema from "@/schemas/item.schema.json";

let validate: ReturnType<Ajv2020["compile"]> | null = null;

export function itemIssues(value: unknown): ValidationIssue[] {
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, strict: true, strictTypes: false });
    addFormats(ajv);
    ajv.addSchema(aifSchema);
    validate = ajv.compile(itemSchema);
  }
  return validate(value) ? [] : toValidationIssues(validate.errors ?? []);
}
