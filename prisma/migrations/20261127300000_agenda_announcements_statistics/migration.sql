-- Agenda, announcements and village statistics (docs/api.md "Agenda", "Announcements", "Village statistics";
-- docs/decisions/050-agenda-and-announcements-in-time.md). Each table bumps the data version with every write, as every
-- public table does (migration 20261124300000_instances), and the events' titles are searched by /cari through an
-- FTS5 trigram copy like the other public lists (migration 20261124200000_substring_search_index).
-- CreateTable
CREATE TABLE "events" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "location" TEXT NOT NULL DEFAULT '',
    "starts_at" DATETIME NOT NULL,
    "ends_at" DATETIME,
    "all_day" BOOLEAN NOT NULL DEFAULT false,
    "organizer" TEXT NOT NULL DEFAULT '',
    "image" TEXT,
    "image_alt" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'published',
    "published_at" DATETIME,
    "ended_at" DATETIME NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "announcements" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "starts_at" DATETIME NOT NULL,
    "ends_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "statistics" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "unit" TEXT NOT NULL DEFAULT '',
    "year" INTEGER,
    "source" TEXT NOT NULL DEFAULT '',
    "columns" TEXT NOT NULL,
    "rows" TEXT NOT NULL,
    "label_column" TEXT NOT NULL DEFAULT 'Kategori',
    "chart" TEXT NOT NULL DEFAULT 'bar',
    "status" TEXT NOT NULL DEFAULT 'published',
    "published_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "events_slug_key" ON "events"("slug");

-- CreateIndex
CREATE INDEX "events_id_idx" ON "events"("id");

-- CreateIndex
CREATE INDEX "events_status_published_at_id_idx" ON "events"("status", "published_at", "id");

-- CreateIndex
CREATE INDEX "events_ended_at_starts_at_idx" ON "events"("ended_at", "starts_at");

-- CreateIndex
CREATE INDEX "announcements_id_idx" ON "announcements"("id");

-- CreateIndex
CREATE INDEX "announcements_starts_at_ends_at_idx" ON "announcements"("starts_at", "ends_at");

-- CreateIndex
CREATE UNIQUE INDEX "statistics_slug_key" ON "statistics"("slug");

-- CreateIndex
CREATE INDEX "statistics_id_idx" ON "statistics"("id");

-- CreateIndex
CREATE INDEX "statistics_status_published_at_id_idx" ON "statistics"("status", "published_at", "id");

-- CreateIndex
CREATE INDEX "statistics_category_id_idx" ON "statistics"("category", "id");


-- The data version (app/server/data-version.server.ts).
CREATE TRIGGER "events_data_version_insert" AFTER INSERT ON "events" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "events_data_version_update" AFTER UPDATE ON "events" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "events_data_version_delete" AFTER DELETE ON "events" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "announcements_data_version_insert" AFTER INSERT ON "announcements" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "announcements_data_version_update" AFTER UPDATE ON "announcements" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "announcements_data_version_delete" AFTER DELETE ON "announcements" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "statistics_data_version_insert" AFTER INSERT ON "statistics" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "statistics_data_version_update" AFTER UPDATE ON "statistics" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "statistics_data_version_delete" AFTER DELETE ON "statistics" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;

-- events: title (the site search, /cari)
CREATE VIRTUAL TABLE "events_fts" USING fts5("title", tokenize = 'trigram case_sensitive 1');
CREATE TRIGGER "events_fts_insert" AFTER INSERT ON "events" BEGIN
    INSERT INTO "events_fts" (rowid, "title") VALUES (new."id", lower(new."title"));
END;
CREATE TRIGGER "events_fts_update" AFTER UPDATE OF "id", "title" ON "events" BEGIN
    DELETE FROM "events_fts" WHERE rowid = old."id";
    INSERT INTO "events_fts" (rowid, "title") VALUES (new."id", lower(new."title"));
END;
CREATE TRIGGER "events_fts_delete" AFTER DELETE ON "events" BEGIN
    DELETE FROM "events_fts" WHERE rowid = old."id";
END;
