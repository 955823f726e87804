// An import report's rows grouped for reading: the same rule on the same field
// is one row with how often it occurred and on which lines first, so twenty
// identical notes of a ten-line file read as one.
export type ReportRow = { line: number; field: string; rule?: string; message: string };
export type ReportGroup = {
  rule: string;
  field: string;
  message: string;
  otherMessages: number;
  count: number;
  firstLines: number[];
};

export const FIRST_LINES_SHOWN = 5;

/** Groups rows by rule and field, most frequent first (ties keep the report's order). */
export function groupReportRows(rows: readonly ReportRow[]): ReportGroup[] {
  const groups = new Map<string, ReportGroup & { messages: Set<string> }>();
  for (const row of rows) {
    const rule = row.rule ?? "";
    const key = JSON.stringify([rule, row.field]);
    let group = groups.get(key);
    if (!group) {
      group = {
        rule,
        field: row.field,
        message: row.message,
        otherMessages: 0,
        count: 0,
        firstLines: [],
        messages: new Set(),
      };
      groups.set(key, group);
    }
    group.count += 1;
    group.messages.add(row.message);
    if (group.firstLines.length < FIRST_LINES_SHOWN && !group.firstLines.includes(row.line))
      group.firstLines.push(row.line);
  }
  return [...groups.values()]
    .map(({ messages, ...group }) => ({ ...group, otherMessages: messages.size - 1 }))
    .sort((a, b) => b.count - a.count);
}
