-- Agenda, announcements and village statistics: the PostgreSQL twin of
-- prisma/migrations/20261127300000_agenda_announcements_statistics (data version triggers, trigram index of the
-- events' titles for /cari).
-- CreateTable
CREATE TABLE "events" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "location" TEXT NOT NULL DEFAULT '',
    "starts_at" TIMESTAMP(3) NOT NULL,
    "ends_at" TIMESTAMP(3),
    "all_day" BOOLEAN NOT NULL DEFAULT false,
    "organizer" TEXT NOT NULL DEFAULT '',
    "image" TEXT,
    "image_alt" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'published',
    "published_at" TIMESTAMP(3),
    "ended_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "announcements" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "starts_at" TIMESTAMP(3) NOT NULL,
    "ends_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "announcements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "statistics" (
    "id" SERIAL NOT NULL,
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
    "published_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "statistics_pkey" PRIMARY KEY ("id")
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
CREATE TRIGGER "events_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "announcements_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "announcements" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "statistics_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "statistics" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();

-- The site search (/cari) of the events' titles, as the other public lists' (migration 20261124300000_instances).
CREATE INDEX "events_title_trgm_idx" ON "events" USING GIN ("title" gin_trgm_ops);
