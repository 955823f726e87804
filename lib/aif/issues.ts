// Turns Ajv errors into the app's `{path, rule, message}` issues: the path is a
// JSON Pointer to the field itself, the rule is a companion-rule name or the
// JSON Schema keyword, and the message is something a rater can act on.
import type { ErrorObject } from "ajv";
import { rulesSchema } from "./contract";
import type { ValidationIssue } from "./types";

// Every schema object inside a rule definition, mapped to the rule's name by
// its JSON text, so an error raised anywhere inside a rule (its `parentSchema`,
// which Ajv's `verbose` adds) is reported as that rule with its description as
// the message. By text, not identity: the precompiled validators carry their
// own copies of the schema. A text shared by two rules names neither.
const ruleOfSchemaNode = new Map<string, string | null>();
for (const [name, definition] of Object.entries(rulesSchema.$defs)) indexRule(name, definition);

function indexRule(name: string, node: unknown): void {
  if (node === null || typeof node !== "object") return;
  const key = JSON.stringify(node);
  const known = ruleOfSchemaNode.get(key);
  ruleOfSchemaNode.set(key, known === undefined || known === name ? name : null);
  for (const child of Object.values(node)) indexRule(name, child);
}

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

function pathOf(error: ErrorObject): string {
  const child =
    error.keyword === "required" ? error.params.missingProperty :
    error.keyword === "additionalProperties" ? error.params.additionalProperty :
    undefined;
  return child === undefined ? error.instancePath : `${error.instancePath}/${escapePointerToken(String(child))}`;
}

function keywordMessage(error: ErrorObject): string {
  switch (error.keyword) {
    case "required":
      return `${String(error.params.missingProperty).replace(/_/g, " ")} is required`;
    case "additionalProperties":
      return "is not a known field";
    case "enum":
      return `must be one of: ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const":
      return `must be ${JSON.stringify(error.params.allowedValue)}`;
    case "format":
      return `must be a valid ${error.params.format}`;
    default:
      return error.message ?? error.keyword;
  }
}

export function toValidationIssues(errors: ErrorObject[]): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    // "must match then schema" only restates the errors raised inside `then`.
    if (error.keyword === "if") continue;
    const rule = error.parentSchema ? (ruleOfSchemaNode.get(JSON.stringify(error.parentSchema)) ?? undefined) : undefined;
    const issue: ValidationIssue = {
      path: pathOf(error),
      rule: rule ?? error.keyword,
      message: rule ? ruleDescription(rule) : keywordMessage(error),
    };
    const key = `${issue.path}\u0000${issue.rule}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function ruleDescription(rule: string): string {
  return (rulesSchema.$defs as Record<string, { description: string }>)[rule]!.description;
}
