// An Ajv 2020-12 with the contract and its rules loaded, for the server-side
// schemas that build on them (items, judge answers) and for compiling the
// contract's standalone validators (scripts/compile-validators.ts). The
// browser never loads Ajv's compiler: it runs the precompiled functions.
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import rulesSchema from "@/schemas/aif-eval-form.rules.schema.json";

export type AjvOptions = ConstructorParameters<typeof Ajv2020>[0];

export function createAjv(extra: AjvOptions = {}): Ajv2020 {
  // allowUnionTypes: the contract uses ["string", "null"] types throughout.
  // strictTypes off: the rules file is an overlay whose subschemas rely on the
  // base schema for `type`, which strictTypes would demand be repeated.
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    allowUnionTypes: true,
    strict: true,
    strictTypes: false,
    ...extra,
  });
  addFormats(ajv);
  ajv.addSchema(aifSchema);
  ajv.addSchema(rulesSchema);
  return ajv;
}
