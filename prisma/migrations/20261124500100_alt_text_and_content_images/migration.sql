-- Alt text of every image (issue 12 item 2): empty means the site falls back to the title, caption or name.
-- AlterTable
ALTER TABLE "posts" ADD COLUMN "image_alt" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "products" ADD COLUMN "image_alt" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "photos" ADD COLUMN "image_alt" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "sliders" ADD COLUMN "image_alt" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "aparaturs" ADD COLUMN "image_alt" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "site_settings" ADD COLUMN "logo_alt" TEXT NOT NULL DEFAULT '';

-- Images inside rich text (issue 12 item 3): uploads no content may reference, and the data migrations done.
-- Neither has a data-version trigger: nothing a visitor sees changes with them.
-- CreateTable
CREATE TABLE "content_uploads" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "data_migrations" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "run_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "content_uploads_created_at_idx" ON "content_uploads"("created_at");
