-- One staged import protocol for items, records and prefills: an import row
-- says which kind of entries its file holds; a prefills import names the
-- suite its records are matched against. Existing imports are item imports.
ALTER TABLE "item_import" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'items';
ALTER TABLE "item_import" ADD COLUMN "suite_id" UUID;
ALTER TABLE "item_import" ADD CONSTRAINT "item_import_kind_known" CHECK ("kind" IN ('items', 'records', 'prefills'));
ALTER TABLE "item_import" ADD CONSTRAINT "item_import_suite_for_prefills" CHECK (("kind" = 'prefills') = ("suite_id" IS NOT NULL));
ALTER TABLE "item_import" ADD CONSTRAINT "item_import_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suite"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
