// The schema rjsf renders: the verbatim contract without its $id (rjsf keys
// its compiled root schema by $id; validation proper uses the schema with its
// $id, in lib/aif). Shared with the precompiled form validators.
import type { RJSFSchema } from "@rjsf/utils";
import aifSchema from "@/schemas/aif-eval-form.schema.json";

const { $id: _omitId, ...formSchema } = aifSchema;
export const FORM_SCHEMA = formSchema as RJSFSchema;
