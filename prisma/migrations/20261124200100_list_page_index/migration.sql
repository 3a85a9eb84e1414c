-- The public lists' pages, newest first: a page deep in a long list reads its ids from these narrow indexes instead
-- of stepping over every earlier (wide) row of the table (app/models/crud.server.ts, listPage).
-- CreateIndex
CREATE INDEX "posts_id_idx" ON "posts"("id");

-- CreateIndex
CREATE INDEX "pages_id_idx" ON "pages"("id");

-- CreateIndex
CREATE INDEX "products_id_idx" ON "products"("id");

-- CreateIndex
CREATE INDEX "photos_id_idx" ON "photos"("id");

-- CreateIndex
CREATE INDEX "aparaturs_id_idx" ON "aparaturs"("id");

