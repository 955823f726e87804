// One parser per import format (each in its own parse-<format>.ts): a line's
// JSON value → an item, or the refusals. Typed by the registry in ./formats.ts,
// so a format without a parser does not compile.
import type { ImportFormat } from "./formats";
import type { LineResult } from "./line-result";
import { parseEeeRecord } from "./parse-eee";
import { parseGageSample } from "./parse-gage";
import { expandInspectLog, parseInspectSample } from "./parse-inspect";
import { parseLmEvalSample } from "./parse-lm-eval";
import type { Entry } from "./read-entries";
import { parseNativeItem } from "./parse-native";

export type ParseOptions = { systemUnderTest?: string };
export type ItemParser = (record: unknown, line: number, options: ParseOptions) => LineResult;

export const ITEM_PARSERS: Record<ImportFormat, ItemParser> = {
  items: (record, line) => parseNativeItem(record, line),
  eee: (record, line) => parseEeeRecord(record, line),
  gage: (record, line, options) => parseGageSample(record, line, { systemUnderTest: options.systemUnderTest }),
  inspect: (record, line, options) => parseInspectSample(record, line, options),
  lm_eval: (record, line, options) => parseLmEvalSample(record, line, options),
};

/** Formats whose one JSON document holds many records (an Inspect log's samples): entry → the entries to parse. */
export const ENTRY_EXPANDERS: Partial<Record<ImportFormat, (entry: Entry) => Entry[]>> = {
  inspect: expandInspectLog,
};

export async function* expandEntries(
  entries: AsyncIterable<Entry>,
  expand: ((entry: Entry) => Entry[]) | undefined,
): AsyncGenerator<Entry> {
  for await (const entry of entries) {
    if (expand) yield* expand(entry);
    else yield entry;
  }
}
