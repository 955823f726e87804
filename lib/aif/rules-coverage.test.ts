// The rationale rule is listed per Likert dimension in the rules schema (JSON
// Schema cannot say "every object that $refs the Likert definition"). This test
// holds that list equal to the dimensions the verbatim schema has, so a new
// dimension cannot reach the form without its server rule (the form and the
// server both compile this file: a missing entry would pass a score of 1 with
// no rationale on both, while the form's help said a rationale was required).
import { expect, it } from "vitest";
import rules from "@/schemas/aif-eval-form.rules.schema.json";
import { LIKERT_DIMENSIONS } from "./contract-facts";

type RuleNode = { $ref?: string; properties?: Record<string, RuleNode> };

function pathsWithRule(node: RuleNode, prefix: string[], found: string[]): string[] {
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = [...prefix, name];
    if (child.$ref === "#/$defs/rationaleRequired") found.push(path.join("."));
    pathsWithRule(child, path, found);
  }
  return found;
}

it("gives every Likert dimension of the verbatim schema the rationale rule, and no other path", () => {
  const covered = pathsWithRule(rules as RuleNode, [], []);
  expect([...covered].sort()).toEqual([...LIKERT_DIMENSIONS].sort());
});
