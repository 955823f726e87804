// The one shape of a refused entry, for items, records and prefills alike:
// the line (JSONL) or position (JSON array), a JSON Pointer into the entry,
// the rule that refused it and a sentence. The log keeps the first
// `maxReported` refusals (a file whose every line is bad must not hold every
// error in memory) and counts the rest.

export type Refusal = { line: number; field: string; rule: string; message: string };

export const MAX_REPORTED = 10_000;

export class RefusalLog {
  /** Entries refused (one entry may carry several refusals). */
  refused = 0;
  readonly errors: Refusal[] = [];
  errorsOmitted = 0;
  constructor(readonly maxReported = MAX_REPORTED) {}

  /** Refuses one entry for the given reasons. */
  refuse(reasons: Refusal[]): void {
    this.refused += 1;
    this.keep(reasons);
  }

  /** Adds reasons to the report without counting a refused entry (e.g. a second reason found later). */
  keep(reasons: Refusal[]): void {
    const room = Math.max(0, this.maxReported - this.errors.length);
    this.errors.push(...reasons.slice(0, room));
    this.errorsOmitted += reasons.length - Math.min(room, reasons.length);
  }
}
