// What parsing one line yields: an item, or the errors that refused it; notes
// say what was read tolerantly (a variant of the spec that was accepted).
import type { Item } from "@/lib/items/types";

import type { Refusal } from "./refusal-log";
import { isPlainObject } from "@/lib/is-plain-object";

/** `field` is a JSON Pointer into the source line's record (the refusal shape of every import). */
export type LineError = Refusal;
export type LineNote = { line: number; field: string; message: string };
export type LineResult =
  { ok: true; item: Item; notes: LineNote[] } | { ok: false; errors: LineError[]; notes: LineNote[] };

/** Collects the errors and notes of one line while a parser walks it. */
export class LineLog {
  readonly errors: LineError[] = [];
  readonly notes: LineNote[] = [];
  constructor(readonly line: number) {}
  error(field: string, rule: string, message: string): void {
    this.errors.push({ line: this.line, rule, field, message });
  }
  note(field: string, message: string): void {
    this.notes.push({ line: this.line, field, message });
  }
  result(item: Item | null): LineResult {
    if (item === null || this.errors.length > 0) {
      return {
        ok: false,
        errors:
          this.errors.length > 0
            ? this.errors
            : [{ line: this.line, rule: "unreadable", field: "", message: "the record could not be read" }],
        notes: this.notes,
      };
    }
    return { ok: true, item, notes: this.notes };
  }
}

/** Text from a string, or from an array of strings / text segments (joined, with a note). */
export function readText(value: unknown, field: string, log: LineLog): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const parts = value.map((part) =>
      typeof part === "string" ? part : isPlainObject(part) && typeof part.text === "string" ? part.text : null,
    );
    if (parts.every((part): part is string => part !== null)) {
      log.note(field, `was an array of ${parts.length}; read as text joined by newlines`);
      return parts.join("\n");
    }
  }
  return undefined;
}

/** Scalars of an object as slicing tags (nested values are left out). */
export function scalarTags(value: unknown, prefix = ""): Record<string, string | number | boolean> {
  const tags: Record<string, string | number | boolean> = {};
  if (!isPlainObject(value)) return tags;
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === "string" || typeof entry === "number" || typeof entry === "boolean")
      tags[`${prefix}${key}`] = entry;
  }
  return tags;
}
