// Inputs of the imports API other than the file itself (zod; also the source
// of the OpenAPI request body).
import { z } from "zod";
import { IMPORT_FORMAT_IDS, IMPORT_FORMAT_SUMMARY } from "./formats";

export const NewImportInput = z.object({
  format: z.enum(IMPORT_FORMAT_IDS).describe(IMPORT_FORMAT_SUMMARY),
  file_name: z.string().trim().min(1).max(255).optional(),
  system_under_test: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("subject.system_under_test for formats whose lines do not name it"),
});
