-- Revisions (the state of a record before each update, the last 50 per record) and preview links (one per record,
-- its token stored as a sha256). Bookkeeping tables: no data-version trigger
-- (docs/decisions/053-revisions-and-preview-links.md).

-- CreateTable
CREATE TABLE "revisions" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "resource" TEXT NOT NULL,
    "record_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "user_name" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "changes" TEXT NOT NULL DEFAULT '[]',
    "fields" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "preview_links" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "resource" TEXT NOT NULL,
    "record_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "user_id" INTEGER,
    "expires_at" DATETIME NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "revisions_resource_record_id_id_idx" ON "revisions"("resource", "record_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "preview_links_token_hash_key" ON "preview_links"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "preview_links_resource_record_id_key" ON "preview_links"("resource", "record_id");

