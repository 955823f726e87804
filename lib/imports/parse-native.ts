// Native item lines (schemas/item.schema.json): strict, since we define them.
import type { Item } from "@/lib/items/types";
import { itemIssues } from "@/lib/items/item-schema";
import { LineLog, type LineResult } from "./line-result";
import { isPlainObject } from "@/lib/is-plain-object";

export function parseNativeItem(record: unknown, line: number): LineResult {
  const log = new LineLog(line);
  for (const issue of itemIssues(record)) log.error(issue.path, issue.rule, issue.message);
  if (log.errors.length > 0 || !isPlainObject(record)) return log.result(null);
  const item = record as Item;
  return log.result({ ...item, source: { ...item.source, format: "items", record } });
}
