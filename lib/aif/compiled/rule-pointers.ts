// The rule definitions (or parts of them) the form evaluates on their own,
// and the names their precompiled validators are exported under. Shared by
// the compiler (compile-validators-code.ts) and lib/aif/contract.ts.
export const RULE_POINTERS = ["rationaleRequired/if", "violatingHazard", "someHazardViolating"] as const;

export type RulePointer = (typeof RULE_POINTERS)[number];

export function ruleExportName(pointer: RulePointer): string {
  return `rule_${pointer.replace(/\W/g, "_")}`;
}
