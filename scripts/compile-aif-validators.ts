// `npm run schemas:compile`: regenerates schemas/aif-eval-form.validators.js
// after a change to the AIF schema or its rules.
import { writeFileSync } from "node:fs";
import { aifValidatorsSource } from "@/lib/aif/compile-validators";

writeFileSync("schemas/aif-eval-form.validators.js", aifValidatorsSource());
console.log("wrote schemas/aif-eval-form.validators.js");
