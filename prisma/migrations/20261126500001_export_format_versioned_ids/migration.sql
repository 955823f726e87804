-- Export format ids may name a version of a published format ("eee-0.3.0", the
-- Every Eval Ever 0.3.0 instance-level export): dots and hyphens join the
-- shape of an id. Still a shape, not a list (lib/export/formats/registry.ts).
ALTER TABLE "record_export" DROP CONSTRAINT "record_export_format";
ALTER TABLE "record_export" ADD CONSTRAINT "record_export_format" CHECK ("format" ~ '^[a-z][a-z0-9_.-]{0,31}$');
