-- The whole public-information cycle (issue 38; decision 077): the twin of prisma/migrations/20261206200000_ppid_cycle.
-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "legal_status" TEXT NOT NULL DEFAULT 'berlaku',
ADD COLUMN     "replaced_by_id" INTEGER;

-- AlterTable
ALTER TABLE "reports" ADD COLUMN     "answered_at" TIMESTAMP(3),
ADD COLUMN     "decided_at" TIMESTAMP(3),
ADD COLUMN     "decision" TEXT,
ADD COLUMN     "decision_reason" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "extend_reason" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "extended_at" TIMESTAMP(3),
ADD COLUMN     "reason" TEXT,
ADD COLUMN     "request_id" INTEGER;

-- CreateTable
CREATE TABLE "dip_entries" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '',
    "class" TEXT NOT NULL,
    "url" TEXT NOT NULL DEFAULT '',
    "official" TEXT NOT NULL DEFAULT '',
    "responsible" TEXT NOT NULL DEFAULT '',
    "made_at" TEXT NOT NULL,
    "form" TEXT NOT NULL DEFAULT '',
    "retention" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "dip_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "dip_entries_made_at_idx" ON "dip_entries"("made_at");

-- CreateIndex
CREATE INDEX "documents_replaced_by_id_idx" ON "documents"("replaced_by_id");

-- CreateIndex
CREATE INDEX "reports_kind_year_idx" ON "reports"("kind", "year");

-- CreateIndex
CREATE INDEX "reports_request_id_idx" ON "reports"("request_id");

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_replaced_by_id_fkey" FOREIGN KEY ("replaced_by_id") REFERENCES "documents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "reports"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- The data version (decision 009): the Daftar Informasi Publik shows these at once.
CREATE TRIGGER "dip_entries_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dip_entries" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
