// The native item format, compiled once on the contract's Ajv (it reuses the
// AIF task and subject definitions).
import type { ValidateFunction } from "ajv";
import { createAjv } from "@/lib/aif/create-ajv";
import { toValidationIssues } from "@/lib/aif/issues";
import type { ValidationIssue } from "@/lib/aif/types";
import itemSchema from "@/schemas/item.schema.json";

let validate: ValidateFunction | null = null;

export function itemIssues(value: unknown): ValidationIssue[] {
  validate ??= createAjv().compile(itemSchema);
  return validate(value) ? [] : toValidationIssues(validate.errors ?? []);
}
