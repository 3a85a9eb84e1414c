-- The documents' public list index also holds the class the public rule tests (`information_class` <>
-- 'dikecualikan'), so a page of ids is read from the index alone, as the posts' is.
-- DropIndex
DROP INDEX "documents_status_published_at_id_idx";

-- CreateIndex
CREATE INDEX "documents_status_published_at_id_idx" ON "documents"("status", "published_at", "id", "information_class");
