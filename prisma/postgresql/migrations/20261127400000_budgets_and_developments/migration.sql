-- The village budget (APBDes) with its lines, and development projects with their progress photos (docs/api.md
-- "Budget (APBDes)", "Development projects"). Budgets and projects are published like posts (status, published_at).

-- CreateTable
CREATE TABLE "budgets" (
    "id" SERIAL NOT NULL,
    "year" INTEGER NOT NULL,
    "regulation_number" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'published',
    "published_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "budgets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "budget_items" (
    "id" SERIAL NOT NULL,
    "budget_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "group" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "realized" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "budget_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "developments" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "location" TEXT NOT NULL DEFAULT '',
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
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
    "published_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "developments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "development_photos" (
    "id" SERIAL NOT NULL,
    "development_id" INTEGER NOT NULL,
    "image" TEXT NOT NULL,
    "image_alt" TEXT NOT NULL DEFAULT '',
    "caption" TEXT NOT NULL DEFAULT '',
    "progress" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "development_photos_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "budget_items" ADD CONSTRAINT "budget_items_budget_id_fkey" FOREIGN KEY ("budget_id") REFERENCES "budgets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "development_photos" ADD CONSTRAINT "development_photos_development_id_fkey" FOREIGN KEY ("development_id") REFERENCES "developments"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Every write bumps the data version in the same transaction and tells every instance (decision 010).
CREATE TRIGGER "budgets_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "budgets" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "budget_items_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "budget_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "developments_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "developments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "development_photos_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "development_photos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();

-- The public list of projects searches their title: ILIKE answered from a trigram index (app/server/search.server.ts).
CREATE INDEX "developments_title_trgm_idx" ON "developments" USING GIN ("title" gin_trgm_ops);
