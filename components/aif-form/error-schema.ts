// Validation issues (JSON Pointer paths) → rjsf's nested ErrorSchema, and the
// DOM id rjsf gives the field at a path.
import type { ErrorSchema } from "@rjsf/utils";
import type { ValidationIssue } from "@/lib/aif/types";

export const ID_PREFIX = "root";

function pointerTokens(path: string): string[] {
  if (path === "") return [];
  return path
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function toErrorSchema(issues: ValidationIssue[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const issue of issues) {
    let node = root;
    for (const token of pointerTokens(issue.path)) {
      node[token] ??= {};
      node = node[token] as Record<string, unknown>;
    }
    const errors = (node.__errors ??= []) as string[];
    if (!errors.includes(issue.message)) errors.push(issue.message);
  }
  return root as ErrorSchema;
}

export function fieldIdOf(path: string): string {
  return [ID_PREFIX, ...pointerTokens(path)].join("_");
}
