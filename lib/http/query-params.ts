// Query strings parsed with a zod object schema, not cast: a parameter the
// schema reads as an array takes every repeat (and comma-separated values);
// any other is read once, and a repeat is refused. Parameters the schema does
// not name are left to whoever reads them (the record filter). Problems answer 422 with a
// JSON Pointer per parameter (`/limit`), the shape of every input issue.
import { z } from "zod";
import type { ValidationIssue } from "@/lib/aif/types";
import { AppError } from "@/lib/errors";

function isArraySchema(schema: z.ZodType): boolean {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodArray;
}

export function parseQuery<T extends z.ZodType>(schema: T, params: URLSearchParams): z.output<T> {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const raw: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    const field = shape[key];
    if (!field) continue;
    if (isArraySchema(field))
      raw[key] = values
        .flatMap((value) => value.split(","))
        .map((value) => value.trim())
        .filter(Boolean);
    else if (values.length > 1) issues.push({ path: `/${key}`, rule: "single", message: `${key} may be given once` });
    else raw[key] = values[0];
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      issues.push({ path: `/${issue.path.map(String).join("/")}`, rule: issue.code, message: issue.message });
  }
  if (issues.length > 0 || !parsed.success)
    throw new AppError("INVALID_INPUT", "A query parameter is not valid", issues);
  return parsed.data;
}
