// Inputs of the imports API other than the file itself (zod; also the source
// of the OpenAPI request body).
import { z } from "zod";
import { IMPORT_KINDS } from "@/lib/statuses";
import { IMPORT_FORMAT_IDS, IMPORT_FORMAT_SUMMARY } from "./formats";

/** The format column of a records or prefills import: AIF records (JSONL, or one JSON array). */
export const AIF_IMPORT_FORMAT = "aif";

export const NewImportInput = z.object({
  kind: z
    .enum(IMPORT_KINDS)
    .default("items")
    .describe("what the file holds: items to rate, complete AIF records, or LLM-judge records to prefill a suite"),
  format: z
    .enum(IMPORT_FORMAT_IDS)
    .optional()
    .describe(
      `items imports (required): ${IMPORT_FORMAT_SUMMARY}. Records and prefills are AIF records (JSONL or one JSON array).`,
    ),
  suite_id: z.string().optional().describe("prefills imports (required): the suite whose items the records rate"),
  file_name: z.string().trim().min(1).max(255).optional(),
  system_under_test: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("subject.system_under_test for formats whose lines do not name it"),
});
