// The Every Eval Ever 0.3.0 instance-level schema (kept verbatim in
// schemas/eee-instance-level-0.3.0.schema.json, as upstream publishes it) as
// per-line refusals: each schema error becomes one refusal with its JSON
// Pointer and rule, worded for the changes 0.3.0 made (unknown keys forbidden,
// sample_id a string, tool-call argument values strings, tool_call_id an
// array, lists for input.reference and output.raw).
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import eeeSchema from "@/schemas/eee-instance-level-0.3.0.schema.json";

export type SchemaIssue = { field: string; rule: string; message: string };

let compiled: ValidateFunction | null = null;

/** The 0.3.0 schema compiled once. It is draft-07 and uses only keywords draft 2020-12 shares, so Ajv2020 reads it. */
export function eee030Validator(): ValidateFunction {
  if (compiled) return compiled;
  const { $schema: _draft, ...schema } = eeeSchema as Record<string, unknown>;
  // strict: false lets the schema's own "version" annotation through.
  compiled = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  return compiled;
}

const escapePointer = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

function hint(field: string, rule: string): string {
  if (rule === "additionalProperties")
    return "; 0.3.0 forbids keys its schema does not name (extras belong in metadata, as strings)";
  if (rule !== "type") return "";
  if (field === "/sample_id") return "; 0.3.0 made sample_id a string (0.2.x allowed an integer)";
  if (/^\/messages\/\d+\/tool_calls\/\d+\/arguments\//.test(field))
    return "; 0.3.0 requires every tool-call argument value to be a string (JSON-encode numbers and objects)";
  if (/^\/messages\/\d+\/tool_call_id$/.test(field)) return "; 0.3.0 made tool_call_id an array of ids";
  if (field === "/input/reference" || field === "/output/raw" || field === "/output/reasoning_trace")
    return "; 0.3.0 made it a list of strings";
  if (/^\/(?:metadata|performance\/additional_details)\//.test(field))
    return "; 0.3.0 requires every value of this map to be a string";
  if (field === "/evaluation/is_correct") return "; 0.3.0 requires true or false (null is not allowed)";
  if (field === "/evaluation/score") return "; 0.3.0 requires a number (0.2.x also allowed a boolean)";
  return "";
}

function issueOf(error: ErrorObject): SchemaIssue | null {
  // The if/then branches report their own errors; the "must match then" summary adds nothing.
  if (error.keyword === "if") return null;
  const params = error.params as Record<string, unknown>;
  let field = error.instancePath;
  if (error.keyword === "additionalProperties") field += `/${escapePointer(String(params.additionalProperty))}`;
  if (error.keyword === "required") field += `/${escapePointer(String(params.missingProperty))}`;
  const name = field === "" ? "the record" : field.slice(1).replaceAll("/", ".");
  const what =
    error.keyword === "additionalProperties"
      ? `${name} is not a field of the 0.3.0 schema`
      : error.keyword === "required"
        ? `${name} is required by the 0.3.0 schema`
        : error.keyword === "type"
          ? `${name} must be ${String(params.type).split(",").join(" or ")}`
          : `${name} ${error.message ?? "is invalid"}`;
  return { field, rule: error.keyword, message: `${what}${hint(field, error.keyword)}` };
}

/** Every way `record` breaks the 0.3.0 schema, one issue per field and rule. */
export function eee030Issues(record: unknown): SchemaIssue[] {
  const validate = eee030Validator();
  if (validate(record)) return [];
  const seen = new Set<string>();
  const issues: SchemaIssue[] = [];
  for (const error of validate.errors ?? []) {
    const issue = issueOf(error);
    if (!issue) continue;
    const key = `${issue.field}\u0000${issue.rule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}
