// Turns Ajv errors into the app's `{path, rule, message}` issues: the path is a
// JSON Pointer to the field itself, the rule is a companion-rule name or the
// JSON Schema keyword, and the message is something a rater can act on.
import type { ErrorObject } from "ajv";
import { rulesSchema } from "./contract";
import type { ValidationIssue } from "./types";

// Every schema object inside a rule definition, mapped to the rule's name, so an
// error raised anywhere inside a rule (found via Ajv's `verbose` parentSchema)
// is reported as that rule with its description as the message. The validators
// are precompiled and carry their own copies of the schema objects, so a node
// is known by its JSON, not by identity; no node of the verbatim schema has the
// JSON of a rule node (a test checks), so the match is unambiguous.
const ruleOfSchemaJson = new Map<string, string>();
for (const [name, definition] of Object.entries(rulesSchema.$defs)) indexRule(name, definition);

function indexRule(name: string, node: unknown): void {
  if (node === null || typeof node !== "object") return;
  const json = JSON.stringify(node);
  if (!ruleOfSchemaJson.has(json)) ruleOfSchemaJson.set(json, name);
  for (const child of Object.values(node)) indexRule(name, child);
}

// The precompiled schema objects never change: each is serialised once.
const ruleOfNode = new WeakMap<object, string | null>();

export function ruleOfSchemaNode(node: unknown): string | undefined {
  if (node === null || typeof node !== "object") return undefined;
  let rule = ruleOfNode.get(node);
  if (rule === undefined) {
    rule = ruleOfSchemaJson.get(JSON.stringify(node)) ?? null;
    ruleOfNode.set(node, rule);
  }
  return rule ?? undefined;
}

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

function pathOf(error: ErrorObject): string {
  const child =
    error.keyword === "required"
      ? error.params.missingProperty
      : error.keyword === "additionalProperties"
        ? error.params.additionalProperty
        : undefined;
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

/** More than this many issues help nobody, and a crafted input can raise millions (allErrors). */
export const MAX_ISSUES = 100;

export function toValidationIssues(errors: ErrorObject[], maxIssues = MAX_ISSUES): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  let omitted = 0;
  for (const error of errors) {
    // "must match then schema" only restates the errors raised inside `then`.
    if (error.keyword === "if") continue;
    const rule = ruleOfSchemaNode(error.parentSchema);
    const issue: ValidationIssue = {
      path: pathOf(error),
      rule: rule ?? error.keyword,
      message: rule ? ruleDescription(rule) : keywordMessage(error),
    };
    const key = `${issue.path}\u0000${issue.rule}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    if (issues.length >= maxIssues) {
      omitted++;
      continue;
    }
    seen.add(key);
    issues.push(issue);
  }
  if (omitted > 0) {
    issues.push({
      path: "",
      rule: "tooManyIssues",
      message: `${omitted} more problem(s) were found but are not listed; the list stops after the first ${maxIssues}. Fix these and validate again.`,
    });
  }
  return issues;
}

function ruleDescription(rule: string): string {
  return (rulesSchema.$defs as Record<string, { description: string }>)[rule]!.description;
}
