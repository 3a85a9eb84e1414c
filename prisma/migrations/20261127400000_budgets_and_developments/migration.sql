-- The village budget (APBDes) with its lines, and development projects with their progress photos (docs/api.md
-- "Budget (APBDes)", "Development projects"). Budgets and projects are published like posts (status, published_at).

-- CreateTable
CREATE TABLE "budgets" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "year" INTEGER NOT NULL,
    "regulation_number" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'published',
    "published_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "budget_items" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "budget_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "group" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "realized" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "budget_items_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "developments" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "location" TEXT NOT NULL DEFAULT '',
    "latitude" REAL,
    "longitude" REAL,
    "year" INTEGER NOT NULL,
    "budget" BIGINT NOT NULL DEFAULT 0,
    "funding_source" TEXT NOT NULL DEFAULT '',
    "implementer" TEXT NOT NULL DEFAULT '',
    "volume" TEXT NOT NULL DEFAULT '',
    "start_date" TEXT,
    "end_date" TEXT,
    "progress" INTEGER NOT NULL DEFAULT 0,
    "image" TEXT,
    "image_alt" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'published',
    "published_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "development_photos" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "development_id" INTEGER NOT NULL,
    "image" TEXT NOT NULL,
    "image_alt" TEXT NOT NULL DEFAULT '',
    "caption" TEXT NOT NULL DEFAULT '',
    "progress" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "development_photos_development_id_fkey" FOREIGN KEY ("development_id") REFERENCES "developments" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "budgets_year_key" ON "budgets"("year");

-- CreateIndex
CREATE INDEX "budgets_status_published_at_id_idx" ON "budgets"("status", "published_at", "id");

-- CreateIndex
CREATE INDEX "budget_items_budget_id_position_idx" ON "budget_items"("budget_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "developments_slug_key" ON "developments"("slug");

-- CreateIndex
CREATE INDEX "developments_id_idx" ON "developments"("id");

-- CreateIndex
CREATE INDEX "developments_status_published_at_id_idx" ON "developments"("status", "published_at", "id");

-- CreateIndex
CREATE INDEX "development_photos_development_id_id_idx" ON "development_photos"("development_id", "id");


-- Every write bumps the data version in the same transaction, so every cache empties (decision 010).
CREATE TRIGGER "budgets_data_version_insert" AFTER INSERT ON "budgets" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "budgets_data_version_update" AFTER UPDATE ON "budgets" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "budgets_data_version_delete" AFTER DELETE ON "budgets" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "budget_items_data_version_insert" AFTER INSERT ON "budget_items" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "budget_items_data_version_update" AFTER UPDATE ON "budget_items" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "budget_items_data_version_delete" AFTER DELETE ON "budget_items" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "developments_data_version_insert" AFTER INSERT ON "developments" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "developments_data_version_update" AFTER UPDATE ON "developments" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "developments_data_version_delete" AFTER DELETE ON "developments" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "development_photos_data_version_insert" AFTER INSERT ON "development_photos" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "development_photos_data_version_update" AFTER UPDATE ON "development_photos" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "development_photos_data_version_delete" AFTER DELETE ON "development_photos" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;

-- The public list of projects searches their title (app/server/search.server.ts), from a trigram FTS5 copy folded as
-- LIKE folds, kept in step by triggers (as 20261124200000_substring_search_index does for the other lists).
CREATE VIRTUAL TABLE "developments_fts" USING fts5("title", tokenize = 'trigram case_sensitive 1');
CREATE TRIGGER "developments_fts_insert" AFTER INSERT ON "developments" BEGIN
    INSERT INTO "developments_fts" (rowid, "title") VALUES (new."id", lower(new."title"));
END;
CREATE TRIGGER "developments_fts_update" AFTER UPDATE OF "id", "title" ON "developments" BEGIN
    DELETE FROM "developments_fts" WHERE rowid = old."id";
    INSERT INTO "developments_fts" (rowid, "title") VALUES (new."id", lower(new."title"));
END;
CREATE TRIGGER "developments_fts_delete" AFTER DELETE ON "developments" BEGIN
    DELETE FROM "developments_fts" WHERE rowid = old."id";
END;
