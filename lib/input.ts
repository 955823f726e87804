// Request inputs other than AIF records are described with zod; their problems
// reach the user in the same {path, rule, message} shape as record issues.
import type { z } from "zod";
import type { ValidationIssue } from "@/lib/aif/types";
import { AppError } from "@/lib/errors";

export function parseInput<T extends z.ZodType>(schema: T, value: unknown, message: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues: ValidationIssue[] = parsed.error.issues.map((issue) => ({
    path: issue.path.length > 0 ? `/${issue.path.map(String).join("/")}` : "",
    rule: issue.code,
    message: issue.message,
  }));
  throw new AppError("INVALID_INPUT", message, issues);
}
