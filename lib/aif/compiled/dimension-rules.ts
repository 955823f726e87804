// The rationale rule is stated once per Likert dimension in the rules schema
// (JSON Schema cannot say "every object that $refs the Likert definition").
// Those entries are not typed by hand: `npm run validators:compile` writes them
// from the contract facts, and lib/aif/rules-coverage.test.ts fails when the
// file on disk lacks one, so a new dimension is enforced by the form and the
// server alike, or the fast test lane fails.
export const RATIONALE_RULE_REF = "#/$defs/rationaleRequired";

type RuleNode = { $ref?: string; properties?: Record<string, RuleNode>; [key: string]: unknown };
type RulesSchema = { properties: Record<string, RuleNode>; [key: string]: unknown };

/** Removes every per-dimension rule entry, keeping each container where it stood (the file's order survives). */
function stripDimensionRules(node: RuleNode): void {
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const onlyTheRule = child.$ref === RATIONALE_RULE_REF && Object.keys(child).length === 1;
    if (onlyTheRule) delete node.properties![name];
    else stripDimensionRules(child);
  }
}

/** Drops containers the stripping emptied (a dimension the schema no longer has). */
function pruneEmpty(node: RuleNode): void {
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    pruneEmpty(child);
    if (child.properties && Object.keys(child.properties).length === 0) delete child.properties;
    if (Object.keys(child).length === 0) delete node.properties![name];
  }
}

/** The rules schema with exactly one rationale rule per dimension (dotted paths, as in LIKERT_DIMENSIONS). */
export function withDimensionRules<Schema extends RulesSchema>(rules: Schema, dimensions: readonly string[]): Schema {
  const out = structuredClone(rules);
  const root: RuleNode = out;
  stripDimensionRules(root);
  for (const dimension of dimensions) {
    let node = root;
    for (const key of dimension.split(".")) {
      node.properties ??= {};
      node = node.properties[key] ??= {};
    }
    node.$ref = RATIONALE_RULE_REF;
  }
  pruneEmpty(root);
  return out;
}
