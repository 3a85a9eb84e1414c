-- Drafts and scheduled publishing (docs/decisions/025-publishing-rule-and-scheduled-expiry.md): the public sees a
-- post, page or product only when status = 'published' and published_at <= now. Every existing row stays
-- published, as of its creation. Adding columns keeps the tables (and their triggers) as they are.

-- AlterTable
ALTER TABLE "posts" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'published';
ALTER TABLE "posts" ADD COLUMN "published_at" DATETIME;
UPDATE "posts" SET "published_at" = "created_at";

-- CreateIndex
CREATE INDEX "posts_status_published_at_id_idx" ON "posts"("status", "published_at", "id");

-- AlterTable
ALTER TABLE "pages" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'published';
ALTER TABLE "pages" ADD COLUMN "published_at" DATETIME;
UPDATE "pages" SET "published_at" = "created_at";

-- CreateIndex
CREATE INDEX "pages_status_published_at_id_idx" ON "pages"("status", "published_at", "id");

-- AlterTable
ALTER TABLE "products" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'published';
ALTER TABLE "products" ADD COLUMN "published_at" DATETIME;
UPDATE "products" SET "published_at" = "created_at";

-- CreateIndex
CREATE INDEX "products_status_published_at_id_idx" ON "products"("status", "published_at", "id");
