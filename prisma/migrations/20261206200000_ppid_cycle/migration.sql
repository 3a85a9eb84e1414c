-- The whole public-information cycle (issue 38; decision 077): documents' legal status, information requests'
-- decisions and extension, objections (reports of kind `keberatan`), and the Daftar Informasi Publik's manual entries.
-- Columns are added in place (no table rebuild), so the documents' and reports' search and data-version triggers stay.
-- AlterTable
ALTER TABLE "documents" ADD COLUMN "legal_status" TEXT NOT NULL DEFAULT 'berlaku';
ALTER TABLE "documents" ADD COLUMN "replaced_by_id" INTEGER REFERENCES "documents" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "documents_replaced_by_id_idx" ON "documents"("replaced_by_id");

-- AlterTable
ALTER TABLE "reports" ADD COLUMN "decision" TEXT;
ALTER TABLE "reports" ADD COLUMN "decision_reason" TEXT NOT NULL DEFAULT '';
ALTER TABLE "reports" ADD COLUMN "decided_at" DATETIME;
ALTER TABLE "reports" ADD COLUMN "extended_at" DATETIME;
ALTER TABLE "reports" ADD COLUMN "extend_reason" TEXT NOT NULL DEFAULT '';
ALTER TABLE "reports" ADD COLUMN "answered_at" DATETIME;
ALTER TABLE "reports" ADD COLUMN "reason" TEXT;
ALTER TABLE "reports" ADD COLUMN "request_id" INTEGER REFERENCES "reports" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "reports_kind_year_idx" ON "reports"("kind", "year");
CREATE INDEX "reports_request_id_idx" ON "reports"("request_id");

-- CreateTable
CREATE TABLE "dip_entries" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '',
    "class" TEXT NOT NULL,
    "url" TEXT NOT NULL DEFAULT '',
    "official" TEXT NOT NULL DEFAULT '',
    "responsible" TEXT NOT NULL DEFAULT '',
    "made_at" TEXT NOT NULL,
    "form" TEXT NOT NULL DEFAULT '',
    "retention" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);
CREATE INDEX "dip_entries_made_at_idx" ON "dip_entries"("made_at");

-- The data version (decision 009): the Daftar Informasi Publik shows these at once.
CREATE TRIGGER "dip_entries_data_version_insert" AFTER INSERT ON "dip_entries" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "dip_entries_data_version_update" AFTER UPDATE ON "dip_entries" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "dip_entries_data_version_delete" AFTER DELETE ON "dip_entries" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
