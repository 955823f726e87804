// Answers of the staged import routes (items, records, prefills): an import's
// summary and its per-line report.
import { z } from "zod";
import { IMPORT_FORMAT_IDS } from "@/lib/imports/formats";
import { AIF_IMPORT_FORMAT } from "@/lib/imports/validation";
import { named } from "@/lib/http/route-contract";
import { IMPORT_KINDS, ITEM_IMPORT_STATUSES } from "@/lib/statuses";
import { dateTime, int, uuid } from "./common";

const summary = {
  id: uuid(),
  kind: z.enum(IMPORT_KINDS).describe("items, complete AIF records, or LLM-judge prefills"),
  suite_id: uuid().nullable().describe("the suite of a prefills import"),
  format: z
    .enum([...IMPORT_FORMAT_IDS, AIF_IMPORT_FORMAT])
    .describe(`the items format; ${AIF_IMPORT_FORMAT} for records and prefills`),
  file_name: z.string().nullable(),
  status: z
    .enum([...ITEM_IMPORT_STATUSES, "interrupted"])
    .describe(
      "refused: every line was refused, nothing to decide; interrupted: still reading, but the server reading the file stopped (no heartbeat for 30 s); nothing of it was imported",
    ),
  bytes_read: int(),
  lines_read: int(),
  accepted: int(),
  refused: int(),
  already_present: int()
    .nullable()
    .describe("lines whose item (or identical record) an earlier import brought in (skipped)"),
  imported: int().nullable(),
  failure: z.string().nullable(),
  created_at: dateTime(),
  finished_at: dateTime().nullable(),
};

export const ImportSummarySchema = named("ImportSummary", z.object(summary));

export const ImportReportSchema = named(
  "ImportReport",
  z.object({
    ...summary,
    errors: z.array(
      z.object({
        line: int(),
        rule: z.string(),
        field: z.string().describe("JSON Pointer into the line"),
        message: z.string(),
      }),
    ),
    notes: z
      .array(z.object({ line: int(), field: z.string(), message: z.string() }))
      .describe("variants of the spec that were accepted, and how the file was read"),
    errors_omitted: int(),
    notes_omitted: int(),
  }),
);
