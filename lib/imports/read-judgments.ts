// Reads another judge's output file without a suite: every line's verdict
// (read, accepted, refused with the reason) before any item is matched. The
// dry run of the command line uses it; the import (lib/review/prefill-import.ts)
// runs the same parsers and then matches each judgment to an item.
import type { Readable } from "node:stream";
import type { PrefillFormat, ScaleMapping } from "./formats";
import { ingest } from "./ingest";
import { JUDGE_EXPANDERS, JUDGE_PARSERS, type JudgeReadOptions, type Judgment } from "./judge-formats";
import { expandEntries } from "./parsers";
import { readEntries } from "./read-entries";
import { RefusalLog, type Refusal } from "./refusal-log";

export type JudgmentReport = {
  format: Exclude<PrefillFormat, "aif">;
  linesRead: number;
  accepted: number;
  refused: number;
  errors: Refusal[];
  /** What was changed to store a line (an escaped NUL), by line and field. */
  notes: { line: number; field: string; message: string }[];
};

export async function readJudgments(
  input: Readable,
  options: { format: Exclude<PrefillFormat, "aif">; scale?: ScaleMapping } & Omit<Partial<JudgeReadOptions>, "scale">,
  onJudgment: (judgment: Judgment, line: number) => void = () => undefined,
): Promise<JudgmentReport> {
  const log = new RefusalLog();
  const { entries } = await readEntries(input, {
    kinds: ["jsonl", "json"],
    escapeNul: options.format === "inspect_scores",
  });
  const notes: JudgmentReport["notes"] = [];
  const counts = await ingest(
    expandEntries(entries, JUDGE_EXPANDERS[options.format]),
    {
      validate: (value, line) => {
        const verdict = JUDGE_PARSERS[options.format](value, line, { ...options, scale: options.scale ?? "linear" });
        return verdict.ok ? { ok: true, value: verdict.judgment } : verdict;
      },
      storeBatch: (batch) => batch.forEach(({ line, value }) => onJudgment(value, line)),
    },
    {
      log,
      batchSize: 1,
      onNotes: (line, entryNotes) => notes.push(...entryNotes.map((note) => ({ line, ...note }))),
    },
  );
  return {
    format: options.format,
    linesRead: counts.read,
    accepted: counts.accepted,
    refused: log.refused,
    errors: log.errors,
    notes,
  };
}
