// The prefill import report as the API answers it (snake_case).
import type { PrefillImportReport } from "./prefill-import";

export function prefillReportJson(report: PrefillImportReport) {
  return {
    import_id: report.importId,
    format: report.format,
    records_read: report.recordsRead,
    stored: report.stored,
    already_present: report.alreadyPresent,
    refused: report.refused,
    errors: report.errors,
    notes: report.notes,
  };
}
