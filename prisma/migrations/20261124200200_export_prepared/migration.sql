-- Starting an export is a POST that records it as `prepared`; its file is
-- fetched afterwards with GET /api/exports/:id/file, which moves it to streaming.
ALTER TABLE "record_export" DROP CONSTRAINT "record_export_status";
ALTER TABLE "record_export" ADD CONSTRAINT "record_export_status" CHECK ("status" IN ('prepared', 'streaming', 'complete', 'aborted', 'failed'));
