// The app's one CSV writer (browser and server). Every cell is quoted, the
// header included, and a text cell that a spreadsheet would read as a formula
// (starting with = + - @, tab or carriage return) is prefixed with ' as OWASP
// advises against CSV injection: rater names and item tags end up in headers
// and cells. Numbers are written as numbers: -0.25 is data, not a formula.
export type CsvCell = string | number | boolean | null | undefined;
export type CsvRow = Record<string, CsvCell>;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  // An export writes a hundred cells per record, most of them empty or plain: those skip the work.
  if (value === null || value === undefined) return '""';
  const text = String(value);
  const safe = typeof value === "string" && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.includes('"') ? safe.replaceAll('"', '""') : safe}"`;
}

/** One CSV line with its CRLF end (RFC 4180). */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Rows as CSV with a header of every column any row has (in first-seen order), CRLF line ends (RFC 4180). */
export function csvOf(rows: CsvRow[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return csvLine(columns) + rows.map((row) => csvLine(columns.map((column) => row[column]))).join("");
}
