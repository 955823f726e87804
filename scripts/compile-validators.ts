// `npm run validators:compile`: writes the precompiled validators (see
// lib/aif/compiled/compile-validators-code.ts). Run it after changing schemas/.
import { writeFileSync } from "node:fs";
import { contractValidatorsCode } from "@/lib/aif/compiled/compile-validators-code";

writeFileSync("lib/aif/compiled/contract-validators.cjs", contractValidatorsCode());
console.log("wrote lib/aif/compiled/contract-validators.cjs");
