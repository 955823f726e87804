// Answers of the export routes: an export's status, its manifest, the decision sidecar's lines.
import { z } from "zod";
import { EXPORT_FORMAT_IDS } from "@/lib/export/formats/registry";
import { named } from "@/lib/http/route-contract";
import { WORK_KINDS } from "@/lib/work-items/active-time";
import { dateTime, int, uuid } from "./common";

const sha256 = () => z.string().regex(/^sha256:[0-9a-f]{64}$/);
export const exportFormat = () => z.enum(EXPORT_FORMAT_IDS);
const filter = () =>
  z
    .record(z.string(), z.unknown())
    .describe("the record filter the export was made with (the filter fields of POST /api/exports)");

export const ExportSchema = named(
  "Export",
  z.object({
    id: uuid(),
    status: z
      .enum(["prepared", "streaming", "complete", "aborted", "failed", "interrupted"])
      .describe(
        "prepared: started, its file not fetched yet; interrupted: still streaming, but no page was written for longer than a stalled download may last",
      ),
    format: exportFormat(),
    filter: filter(),
    count: int().describe("records the filter matched"),
    exported: int().describe("records written so far"),
    bytes: int(),
    file_sha256: sha256().nullable().describe("of the downloaded file, once complete"),
    failure: z.string().nullable(),
    created_at: dateTime(),
    finished_at: dateTime().nullable(),
  }),
);

export const ExportManifestSchema = named(
  "ExportManifest",
  z.object({
    manifest_version: z.string(),
    export_id: uuid(),
    created_at: dateTime(),
    finished_at: dateTime(),
    app: z.object({ name: z.string(), version: z.string() }),
    schema: z.object({
      id: z.string().describe("the AIF schema's $id"),
      version: z.string(),
      sha256: sha256().describe("of the schema's canonical JSON"),
    }),
    format: exportFormat(),
    filter: filter(),
    count: int(),
    file: z.object({ bytes: int(), sha256: sha256() }),
    record_hash: z.string().describe("how each record's sha256 is computed (canonical JSON, RFC 8785)"),
    records: z.array(z.object({ eval_id: uuid(), sha256: sha256() })),
  }),
);

export const ReviewDecisionLineSchema = named(
  "ReviewDecisionLine",
  z.object({
    eval_id: uuid().describe("the hybrid record"),
    derived_from: uuid().describe("the judge record it reviews"),
    field: z.string().describe("JSON Pointer of the judged field"),
    decision: z.enum(["accepted", "edited", "added"]),
    judge_value: z.unknown().optional().describe("the judge's value (edited fields)"),
    value: z.unknown().optional().describe("the value in the hybrid record"),
  }),
);

export const AdjudicationLineSchema = named(
  "AdjudicationLine",
  z.object({
    eval_id: uuid().describe("the authoritative record"),
    derived_from: uuid().describe("the source marked closest, or the previous decision on a re-adjudication"),
    suite_id: z.string().describe("the suite's key"),
    task_id: z.string(),
    adjudicator_id: z.string(),
    closest_eval_id: uuid().describe("the source record the adjudicator marked closest"),
    source_eval_ids: z.array(uuid()).describe("every rating the suite counted for the item"),
    fields: z.array(
      z.object({
        pointer: z.string().describe("JSON Pointer of the judged field"),
        decision: z.enum(["kept", "edited", "removed"]),
        from: z.array(uuid()).optional().describe("the sources whose value was kept"),
      }),
    ),
  }),
);

export const WorkTimeLineSchema = named(
  "WorkTimeLine",
  z.object({
    eval_id: uuid().describe("a record of the export that a person produced through a work item"),
    work_kind: z.enum(WORK_KINDS),
    claimed_at: dateTime()
      .nullable()
      .describe("when the person who submitted it claimed it (null: claimed before times were kept)"),
    submitted_at: dateTime().nullable(),
    wall_seconds: z.number().nullable().describe("claim to submit"),
    active_seconds: z
      .number()
      .describe(
        "time their page was visible, focused and in use (an input within the last minute), as the server bounded it",
      ),
  }),
);
