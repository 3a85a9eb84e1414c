-- CreateTable
CREATE TABLE "documents" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "published_at" DATETIME,
    "user_id" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "documents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "reports" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
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
    "due_at" DATETIME,
    "closed_at" DATETIME,
    "contact_erased_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "report_responses" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "report_id" INTEGER NOT NULL,
    "message" TEXT NOT NULL,
    "user_id" INTEGER,
    "user_name" TEXT NOT NULL DEFAULT '',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "report_responses_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "report_throttle" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
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


-- The public documents list is searched on title, number and description: an FTS5 trigram copy as for the other
-- public lists (20261124200000_substring_search_index, app/server/search.server.ts).
CREATE VIRTUAL TABLE "documents_fts" USING fts5("title", "number", "description", tokenize = 'trigram case_sensitive 1');
CREATE TRIGGER "documents_fts_insert" AFTER INSERT ON "documents" BEGIN
    INSERT INTO "documents_fts" (rowid, "title", "number", "description") VALUES (new."id", lower(new."title"), lower(new."number"), lower(new."description"));
END;
CREATE TRIGGER "documents_fts_update" AFTER UPDATE OF "id", "title", "number", "description" ON "documents" BEGIN
    DELETE FROM "documents_fts" WHERE rowid = old."id";
    INSERT INTO "documents_fts" (rowid, "title", "number", "description") VALUES (new."id", lower(new."title"), lower(new."number"), lower(new."description"));
END;
CREATE TRIGGER "documents_fts_delete" AFTER DELETE ON "documents" BEGIN
    DELETE FROM "documents_fts" WHERE rowid = old."id";
END;

-- The data version (20261124300000_instances): documents and public reports are shown to visitors, so every write
-- to them empties the caches. report_throttle has no trigger (a counted filing changes nothing a visitor sees).
CREATE TRIGGER "documents_data_version_insert" AFTER INSERT ON "documents" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "documents_data_version_update" AFTER UPDATE ON "documents" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "documents_data_version_delete" AFTER DELETE ON "documents" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "reports_data_version_insert" AFTER INSERT ON "reports" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "reports_data_version_update" AFTER UPDATE ON "reports" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "reports_data_version_delete" AFTER DELETE ON "reports" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "report_responses_data_version_insert" AFTER INSERT ON "report_responses" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "report_responses_data_version_update" AFTER UPDATE ON "report_responses" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "report_responses_data_version_delete" AFTER DELETE ON "report_responses" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
