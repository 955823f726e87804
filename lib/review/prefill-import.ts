// Import of LLM-judge records into a suite as prefills for SME review. Each
// record must be a valid AIF record by an llm_judge and match one item of the
// suite by task.task_id (and task.suite_id / subject.system_under_test where
// they tell items apart). Every refused record is reported with its line;
// unless the admin asks to store the valid ones, one refusal stores nothing.
import "server-only";
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import { validateRecord } from "@/lib/aif/validate";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { Prisma } from "@/lib/generated/prisma/client";
import { byteLimit } from "@/lib/imports/byte-limit";
import { isPlainObject } from "@/lib/is-plain-object";
import { canonicalJson } from "@/lib/records/canonical-hash";
import { EvalIdTaken } from "@/lib/records/eval-record-row";
import { ingest, type IngestStrategy, type Verdict } from "@/lib/imports/ingest";
import { readEntries } from "@/lib/imports/read-entries";
import { RefusalLog, type Refusal } from "@/lib/imports/refusal-log";
import { judgeRecordIssues, storeJudgeRecordsBatch } from "@/lib/records/judge-records";
import type { PrefillFormat, ScaleMapping } from "@/lib/imports/formats";
import { JUDGE_EXPANDERS, JUDGE_PARSERS, type JudgeReadOptions } from "@/lib/imports/judge-formats";
import { expandEntries } from "@/lib/imports/parsers";
import { judgeItemIndex, judgmentRecord, matchJudgment } from "./judge-prefill";
import { openReviewTasks } from "./review-tasks";
import { sameJson } from "./field-decisions";

export type PrefillLineError = Refusal;
export type PrefillImportReport = {
  importId: string | null;
  format: "jsonl" | "json";
  recordsRead: number;
  stored: number;
  alreadyPresent: number;
  refused: number;
  errors: PrefillLineError[];
  notes: string[];
};

const STORE_BATCH = 1000;

type SuiteItemRow = {
  itemId: string;
  sourceSuiteId: string | null;
  systemUnderTest: string;
  modality: string;
  prompt: string;
  modalityTags: string[];
};
export type Accepted = { line: number; record: Record<string, unknown>; itemId: string; idFromContent: boolean };

/** A UUID (v4 layout) from the SHA-256 of the record's canonical JSON. */
function contentUuid(value: unknown): string {
  const hex = createHash("sha256").update(canonicalJson(value)).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function suiteItemsByTask(suiteId: string): Promise<Map<string, SuiteItemRow[]>> {
  const rows = await db().$queryRaw<
    {
      item_id: string;
      task_id: string;
      source_suite_id: string | null;
      system_under_test: string;
      modality: string;
      prompt: string;
      modality_tags: string[] | null;
    }[]
  >`
    SELECT i.id::text AS item_id, i.task_id, i.source_suite_id, i.system_under_test, i.body->'task'->>'modality' AS modality, i.body->'task'->>'prompt' AS prompt, i.body->'subject'->'modality_tags' AS modality_tags
    FROM suite_item si JOIN item i ON i.id = si.item_id WHERE si.suite_id = ${suiteId}::uuid`;
  const byTask = new Map<string, SuiteItemRow[]>();
  for (const row of rows) {
    const list = byTask.get(row.task_id) ?? [];
    list.push({
      itemId: row.item_id,
      sourceSuiteId: row.source_suite_id,
      systemUnderTest: row.system_under_test,
      modality: row.modality,
      prompt: row.prompt,
      modalityTags: row.modality_tags ?? [],
    });
    byTask.set(row.task_id, list);
  }
  return byTask;
}

/** The one item a record rates, or the reason there is none. */
function matchItem(
  record: Record<string, unknown>,
  suiteKey: string,
  byTask: Map<string, SuiteItemRow[]>,
): { itemId: string } | PrefillLineError {
  const task = record.task as { task_id: string; suite_id?: string };
  const subject = record.subject as { system_under_test: string };
  let candidates = byTask.get(task.task_id) ?? [];
  if (task.suite_id !== undefined && task.suite_id !== suiteKey)
    candidates = candidates.filter((item) => item.sourceSuiteId === task.suite_id);
  if (candidates.length > 1)
    candidates = candidates.filter((item) => item.systemUnderTest === subject.system_under_test);
  if (candidates.length === 1) {
    // The judge must have rated this item's output: same system, modality and prompt.
    const [item] = candidates as [SuiteItemRow];
    if (item.systemUnderTest !== subject.system_under_test) {
      return {
        line: 0,
        field: "/subject/system_under_test",
        rule: "itemMismatch",
        message: `the matching item's system under test is ${JSON.stringify(item.systemUnderTest)}, not ${JSON.stringify(subject.system_under_test)}`,
      };
    }
    const recordTask = record.task as { modality: string; prompt: string };
    if (recordTask.modality !== item.modality)
      return {
        line: 0,
        field: "/task/modality",
        rule: "itemMismatch",
        message: `the matching item's modality is ${JSON.stringify(item.modality)}`,
      };
    if (recordTask.prompt.trim() !== item.prompt.trim())
      return {
        line: 0,
        field: "/task/prompt",
        rule: "itemMismatch",
        message: "differs from the matching item's prompt: the judge rated something else",
      };
    return { itemId: item.itemId };
  }
  const where = `task_id ${JSON.stringify(task.task_id)}${task.suite_id !== undefined ? ` and suite_id ${JSON.stringify(task.suite_id)}` : ""}`;
  return candidates.length === 0
    ? { line: 0, field: "/task/task_id", rule: "unmatched", message: `no item of this suite has ${where}` }
    : {
        line: 0,
        field: "/subject/system_under_test",
        rule: "ambiguous",
        message: `${candidates.length} items of this suite have ${where} and system_under_test ${JSON.stringify(subject.system_under_test)}`,
      };
}

export type PrefillSuite = { id: string; key: string };
export type PrefillValidator = {
  validate: (value: unknown, line: number) => Verdict<Accepted>;
  /** What was read tolerantly, once the file is read. */
  notes: () => string[];
};

/** Another tool's judge output (lib/imports/judge-formats.ts) and the scale its scores are mapped with. */
export type JudgeInput = { format: PrefillFormat } & Partial<JudgeReadOptions>;

/**
 * Judges each record of a prefills file against the contract and the suite's items. With `judge`, each entry is
 * first read as that tool's judgment, matched to its item and made the llm_judge AIF record it stands for.
 */
export function prefillValidator(
  suite: PrefillSuite,
  byTask: Map<string, SuiteItemRow[]>,
  judge: JudgeInput = { format: "aif" },
): PrefillValidator {
  const format = judge.format;
  const judgeIndex =
    format === "aif"
      ? null
      : judgeItemIndex([...byTask.entries()].flatMap(([taskId, rows]) => rows.map((row) => ({ ...row, taskId }))));
  const seen = new Set<string>();
  let assignedIds = 0;
  const refusal = (line: number, issues: { path: string; rule: string; message: string }[]) =>
    ({
      ok: false,
      refusals: issues.map((issue) => ({ line, field: issue.path, rule: issue.rule, message: issue.message })),
    }) as const;
  return {
    notes: () => [
      ...(format === "aif"
        ? []
        : [`read as ${format} judgments; each became an llm_judge AIF record (mapping in freeform.notes)`]),
      ...(assignedIds > 0 ? [`${assignedIds} record(s) had no eval_id and created_at; they were assigned`] : []),
    ],
    validate(source, line) {
      let value = source;
      if (format !== "aif" && judgeIndex) {
        // Another tool's judgment: read it, find its item, and make it the AIF record it stands for.
        const verdict = JUDGE_PARSERS[format](source, line, { ...judge, scale: judge.scale ?? "linear" });
        if (!verdict.ok) return verdict;
        const item = matchJudgment(verdict.judgment, judgeIndex, line);
        if ("rule" in item) return { ok: false, refusals: [item] };
        value = judgmentRecord(
          verdict.judgment,
          item,
          format,
          format === "inspect_scores" ? "C5-P3-I1" : (judge.scale ?? "linear"),
        );
      }
      if (!isPlainObject(value))
        return refusal(line, [{ path: "", rule: "type", message: "must be a JSON object (an AIF record)" }]);
      // Tolerant: a judge's output without the server-assigned fields gets them here.
      const record: Record<string, unknown> = { ...value };
      let idFromContent = false;
      if (record.eval_id === undefined && record.created_at === undefined) {
        // Derived from the content, so importing the same file again finds the same records.
        record.eval_id = contentUuid(value);
        record.created_at = new Date().toISOString();
        record.schema_version ??= AIF_SCHEMA_VERSION;
        idFromContent = true;
        assignedIds += 1;
      }
      // Another rater type makes the contract's verdict moot; otherwise report both.
      const judgeIssues = judgeRecordIssues(record);
      const issues = judgeIssues.some((issue) => issue.rule === "judgeRecord")
        ? judgeIssues
        : [...validateRecord(record), ...judgeIssues];
      if (issues.length > 0) return refusal(line, issues);
      const evalId = record.eval_id as string;
      if (seen.has(evalId))
        return refusal(line, [
          { path: "/eval_id", rule: "duplicate", message: `eval_id ${evalId} appears earlier in this file` },
        ]);
      seen.add(evalId);
      const match = matchItem(record, suite.key, byTask);
      if ("rule" in match) return { ok: false, refusals: [{ ...match, line }] };
      return { ok: true, value: { line, record, itemId: match.itemId, idFromContent } };
    },
  };
}

/** The suite a prefills import rates, and its items by task_id; NOT_FOUND for another id. */
export async function prefillSuite(
  suiteId: string,
): Promise<{ suite: PrefillSuite; byTask: Map<string, SuiteItemRow[]> }> {
  const suite = isUuid(suiteId)
    ? await db().suite.findUnique({ where: { id: suiteId }, select: { id: true, key: true } })
    : null;
  if (!suite) throw new AppError("NOT_FOUND", "No suite with this id");
  return { suite, byTask: await suiteItemsByTask(suite.id) };
}

export async function importPrefills(options: {
  actor: Actor;
  suiteId: string;
  file: Readable;
  fileName?: string | null;
  /** Store the valid records even when others are refused. */
  storeValid?: boolean;
  origin?: RequestOrigin;
  maxBytes?: number;
  /** The judge's own output format (lib/imports/formats.ts PREFILL_FORMATS); AIF records when absent. */
  format?: PrefillFormat;
  /** How a 1-10 judge score maps to 1-5 (SCALE_MAPPINGS); linear when absent. */
  scale?: ScaleMapping;
  /** Who judged, when the file does not say (lib/imports/judge-formats.ts JudgeReadOptions). */
  judgeModel?: string;
  judgeVersion?: string;
  /** Inspect scorers the admin names as model-graded. */
  scorers?: readonly string[];
}): Promise<PrefillImportReport> {
  const { actor, suiteId } = options;
  authorize(actor, "prefills.import");
  const { suite, byTask } = await prefillSuite(suiteId);

  const limited = options.file.pipe(byteLimit(options.maxBytes ?? getEnv().EVALFORM_MAX_UPLOAD_BYTES, () => undefined));
  options.file.on("error", (error) => limited.destroy(error));
  const read = await readEntries(limited, { kinds: ["jsonl", "json"], escapeNul: options.format === "inspect_scores" });
  const log = new RefusalLog();
  const notes: string[] = [];
  const accepted: Accepted[] = [];
  const format = options.format ?? "aif";
  const validator = prefillValidator(suite, byTask, {
    format,
    scale: options.scale,
    judgeModel: options.judgeModel,
    judgeVersion: options.judgeVersion,
    scorers: options.scorers,
  });
  const strategy: IngestStrategy<Accepted> = {
    validate: validator.validate,
    // Kept until the file is read: whether anything is stored depends on every record (storeAccepted).
    storeBatch(batch) {
      for (const entry of batch) accepted.push(entry.value);
    },
  };
  const lineNotes: string[] = [];
  const { read: recordsRead } = await ingest(expandEntries(read.entries, JUDGE_EXPANDERS[format]), strategy, {
    log,
    keepStoring: () => options.storeValid === true || log.refused === 0,
    onNotes: (line, entryNotes) => {
      for (const note of entryNotes) lineNotes.push(`line ${line} ${note.field}: ${note.message}`);
    },
  });
  notes.unshift(
    `read as ${read.format === "json" ? "one JSON document (numbers are positions in it)" : "JSON Lines (numbers are lines)"}`,
  );
  notes.push(...validator.notes(), ...lineNotes);

  const { refused, errors } = log;
  const report = {
    importId: null,
    format: read.format,
    recordsRead,
    stored: 0,
    alreadyPresent: 0,
    refused,
    errors,
    notes,
  };
  if (recordsRead === 0)
    throw new AppError("INVALID_INPUT", "The file holds no records", [
      { path: "", rule: "empty", message: "the file is empty" },
    ]);
  if (refused > 0 && !options.storeValid) return report;
  return storeAccepted({
    actor,
    suiteId: suite.id,
    accepted,
    report,
    storeValid: options.storeValid ?? false,
    fileName: options.fileName ?? null,
    origin: options.origin,
  });
}

/** Thrown inside the transaction to roll it back when a late refusal means nothing is stored. */
export class RefusedInTransaction extends Error {}

async function storeAccepted(options: {
  actor: Actor;
  suiteId: string;
  accepted: Accepted[];
  report: PrefillImportReport;
  storeValid: boolean;
  fileName: string | null;
  origin?: RequestOrigin;
}): Promise<PrefillImportReport> {
  const { report } = options;
  try {
    return await storeAcceptedInTransaction(options);
  } catch (error) {
    if (error instanceof RefusedInTransaction) return { ...report, importId: null, stored: 0, alreadyPresent: 0 };
    // Another import stored one of these records between our check and our insert.
    if (
      error instanceof EvalIdTaken ||
      (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
    ) {
      throw new AppError(
        "CONFLICT",
        "Another import stored some of these records at the same time; import the file again (records already stored are skipped)",
      );
    }
    throw error;
  }
}

type StoreOptions = {
  actor: Actor;
  suiteId: string;
  accepted: Accepted[];
  report: PrefillImportReport;
  storeValid: boolean;
  fileName: string | null;
  origin?: RequestOrigin;
};

function storeAcceptedInTransaction(options: StoreOptions): Promise<PrefillImportReport> {
  return db().$transaction((tx) => storePrefillsIn(tx, options), { timeout: 120_000 });
}

/**
 * Stores accepted prefills in the caller's transaction: records already stored
 * (identical, same suite) are counted, others with a taken eval_id refused
 * (into `report`). Throws RefusedInTransaction when that refuses something
 * and storeValid is false. Also the commit of a staged prefills import.
 */
export async function storePrefillsIn(tx: DbClient, options: StoreOptions): Promise<PrefillImportReport> {
  const { report } = options;
  const existing = await tx.evalRecord.findMany({
    where: { evalId: { in: options.accepted.map((entry) => entry.record.eval_id as string) } },
    select: { evalId: true, body: true, reviewTask: { select: { suiteId: true } } },
  });
  const existingById = new Map(existing.map((row) => [row.evalId, row]));
  const toStore: Accepted[] = [];
  let alreadyPresent = 0;
  for (const entry of options.accepted) {
    const found = existingById.get(entry.record.eval_id as string);
    const sameRecord = entry.idFromContent || sameJson(found?.body, entry.record);
    if (!found) toStore.push(entry);
    else if (sameRecord && found.reviewTask?.suiteId === options.suiteId) alreadyPresent += 1;
    else {
      report.refused += 1;
      report.errors.push({
        line: entry.line,
        field: "/eval_id",
        rule: "evalIdTaken",
        message: `a different stored record (or one in another suite) already has eval_id ${String(entry.record.eval_id)}`,
      });
    }
  }
  if (report.refused > 0 && !options.storeValid) throw new RefusedInTransaction();
  const prefillImport = await tx.prefillImport.create({
    data: {
      suiteId: options.suiteId,
      fileName: options.fileName,
      recordsRead: report.recordsRead,
      stored: toStore.length,
      alreadyPresent,
      refused: report.refused,
      createdById: options.actor.userId,
    },
  });
  // A batch per statement, not a row: 10,000 prefills are 30 statements, not 30,000.
  for (let start = 0; start < toStore.length; start += STORE_BATCH) {
    const batch = toStore.slice(start, start + STORE_BATCH);
    await storeJudgeRecordsBatch({
      records: batch.map((entry) => ({
        record: entry.record,
        countedIn: { suiteId: options.suiteId, itemId: entry.itemId, flow: "prefill_import" },
      })),
      submittedById: options.actor.userId,
      client: tx,
    });
    await openReviewTasks({
      client: tx,
      tasks: batch.map((entry) => ({
        judgeEvalId: entry.record.eval_id as string,
        suiteId: options.suiteId,
        itemId: entry.itemId,
        prefillImportId: prefillImport.id,
      })),
    });
  }
  await recordAuditEvent({
    action: "prefills.imported",
    actorId: options.actor.userId,
    subject: prefillImport.id,
    origin: options.origin,
    client: tx,
    details: {
      suite_id: options.suiteId,
      stored: toStore.length,
      already_present: alreadyPresent,
      refused: report.refused,
    },
  });
  return { ...report, importId: prefillImport.id, stored: toStore.length, alreadyPresent };
}
