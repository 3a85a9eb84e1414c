-- Drafts and scheduled publishing (docs/decisions/025-publishing-rule-and-scheduled-expiry.md): the public sees a
-- post, page or product only when status = 'published' and published_at <= now. Every existing row stays
-- published, as of its creation. Adding columns keeps the tables (and their triggers) as they are.

-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'published',
ADD COLUMN     "published_at" TIMESTAMP(3);
UPDATE "posts" SET "published_at" = "created_at";

-- CreateIndex
CREATE INDEX "posts_status_published_at_id_idx" ON "posts"("status", "published_at", "id");

-- AlterTable
ALTER TABLE "pages" ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'published',
ADD COLUMN     "published_at" TIMESTAMP(3);
UPDATE "pages" SET "published_at" = "created_at";

-- CreateIndex
CREATE INDEX "pages_status_published_at_id_idx" ON "pages"("status", "published_at", "id");

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'published',
ADD COLUMN     "published_at" TIMESTAMP(3);
UPDATE "products" SET "published_at" = "created_at";

-- CreateIndex
CREATE INDEX "products_status_published_at_id_idx" ON "products"("status", "published_at", "id");
