// Inputs of the imports API other than the file itself (zod; also the source
// of the OpenAPI request body).
import { z } from "zod";
import { IMPORT_FORMATS } from "./read-items";

export const NewImportInput = z.object({
  format: z.enum(IMPORT_FORMATS as ["items", "eee", "gage"]).describe("items: native items; eee: Every Eval Ever instance-level; gage: gage-eval Samples"),
  file_name: z.string().trim().min(1).max(255).optional(),
  system_under_test: z.string().trim().min(1).max(200).optional().describe("subject.system_under_test for formats whose lines do not name it"),
});
