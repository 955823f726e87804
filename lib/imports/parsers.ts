// One parser per import format (each in its own parse-<format>.ts): a line's
// JSON value → an item, or the refusals. Typed by the registry in ./formats.ts,
// so a format without a parser does not compile.
import type { ImportFormat } from "./formats";
import type { LineResult } from "./line-result";
import { parseEeeRecord } from "./parse-eee";
import { parseGageSample } from "./parse-gage";
import { parseNativeItem } from "./parse-native";

export type ParseOptions = { systemUnderTest?: string };
export type ItemParser = (record: unknown, line: number, options: ParseOptions) => LineResult;

export const ITEM_PARSERS: Record<ImportFormat, ItemParser> = {
  items: (record, line) => parseNativeItem(record, line),
  eee: (record, line) => parseEeeRecord(record, line),
  gage: (record, line, options) => parseGageSample(record, line, { systemUnderTest: options.systemUnderTest }),
};
