-- CreateTable
CREATE TABLE "documents" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "number" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL,
    "information_class" TEXT NOT NULL,
    "enacted_at" TEXT,
    "description" TEXT NOT NULL DEFAULT '',
    "file" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "active_content" BOOLEAN NOT NULL DEFAULT false,
    "preview" TEXT,
    "status" TEXT NOT NULL DEFAULT 'published',
    "published_at" TIMESTAMP(3),
    "user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reports" (
    "id" SERIAL NOT NULL,
    "ticket" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "subject" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "image" TEXT,
    "status" TEXT NOT NULL DEFAULT 'baru',
    "public" BOOLEAN NOT NULL DEFAULT false,
    "due_at" TIMESTAMP(3),
    "closed_at" TIMESTAMP(3),
    "contact_erased_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_responses" (
    "id" SERIAL NOT NULL,
    "report_id" INTEGER NOT NULL,
    "message" TEXT NOT NULL,
    "user_id" INTEGER,
    "user_name" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_responses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_throttle" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_throttle_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "documents_slug_key" ON "documents"("slug");

-- CreateIndex
CREATE INDEX "documents_user_id_idx" ON "documents"("user_id");

-- CreateIndex
CREATE INDEX "documents_id_idx" ON "documents"("id");

-- CreateIndex
CREATE INDEX "documents_status_published_at_id_idx" ON "documents"("status", "published_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "reports_ticket_key" ON "reports"("ticket");

-- CreateIndex
CREATE INDEX "reports_id_idx" ON "reports"("id");

-- CreateIndex
CREATE INDEX "reports_public_id_idx" ON "reports"("public", "id");

-- CreateIndex
CREATE INDEX "reports_status_id_idx" ON "reports"("status", "id");

-- CreateIndex
CREATE INDEX "reports_closed_at_idx" ON "reports"("closed_at");

-- CreateIndex
CREATE UNIQUE INDEX "reports_kind_year_sequence_key" ON "reports"("kind", "year", "sequence");

-- CreateIndex
CREATE INDEX "report_responses_report_id_id_idx" ON "report_responses"("report_id", "id");

-- CreateIndex
CREATE INDEX "report_throttle_key_created_at_idx" ON "report_throttle"("key", "created_at");

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_responses" ADD CONSTRAINT "report_responses_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The public documents list is searched on title, number and description: pg_trgm GIN indexes as for the other
-- public lists (20261124300000_instances, app/server/search.server.ts).
CREATE INDEX "documents_title_trgm_idx" ON "documents" USING GIN ("title" gin_trgm_ops);
CREATE INDEX "documents_number_trgm_idx" ON "documents" USING GIN ("number" gin_trgm_ops);
CREATE INDEX "documents_description_trgm_idx" ON "documents" USING GIN ("description" gin_trgm_ops);

-- The data version: documents and public reports are shown to visitors. report_throttle has no trigger.
CREATE TRIGGER "documents_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "reports_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reports" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "report_responses_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "report_responses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
