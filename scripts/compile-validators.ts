// `npm run validators:compile`: writes the rationale rule of every Likert
// dimension into the rules schema (lib/aif/compiled/dimension-rules.ts), then
// the precompiled validators (see lib/aif/compiled/compile-validators-code.ts).
// Run it after changing schemas/.
import { readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import { LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { withDimensionRules } from "@/lib/aif/compiled/dimension-rules";

const RULES_FILE = "schemas/aif-eval-form.rules.schema.json";

const before = readFileSync(RULES_FILE, "utf8");
const rules = withDimensionRules(JSON.parse(before), LIKERT_DIMENSIONS);
const after = await format(JSON.stringify(rules), { ...(await resolveConfig(RULES_FILE)), filepath: RULES_FILE });
if (after !== before) {
  writeFileSync(RULES_FILE, after);
  console.log(`wrote ${RULES_FILE} (a rationale rule for each of ${LIKERT_DIMENSIONS.length} Likert dimensions)`);
}

// Imported only now: the compiler reads the rules file just written.
const { contractValidatorsCode } = await import("@/lib/aif/compiled/compile-validators-code");
writeFileSync("lib/aif/compiled/contract-validators.cjs", contractValidatorsCode());
console.log("wrote lib/aif/compiled/contract-validators.cjs");
