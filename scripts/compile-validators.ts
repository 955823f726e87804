// `npm run validators:compile`: writes the precompiled validators (see
// lib/aif/compiled/compile-validators-code.ts). Run it after changing schemas/.
import { writeFileSync } from "node:fs";
import { contractValidatorsCode, formValidatorsCode } from "@/lib/aif/compiled/compile-validators-code";

writeFileSync("lib/aif/compiled/contract-validators.cjs", contractValidatorsCode());
writeFileSync("components/aif-form/compiled/form-validators.cjs", formValidatorsCode());
console.log("wrote lib/aif/compiled/contract-validators.cjs and components/aif-form/compiled/form-validators.cjs");
