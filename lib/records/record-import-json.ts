// The records-import report as the API and the CLI show it: each refusal names
// its line (JSONL) or position (JSON array), field and rule.
import type { RecordImportReport } from "./import-records";

export function recordImportJson(report: RecordImportReport) {
  return {
    format: report.format,
    records_read: report.recordsRead,
    imported: report.imported,
    already_present: report.alreadyPresent,
    refused: report.refused,
    stored: report.stored,
    errors: report.errors.map((error) => ({
      line: error.line,
      path: error.field,
      rule: error.rule,
      message: error.message,
    })),
  };
}
