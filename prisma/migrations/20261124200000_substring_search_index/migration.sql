-- Substring search (`?search=` on the lists, API.md "Lists") answered from an index: per content table, an FTS5
-- table with the trigram tokenizer holding a copy of the searched columns of every row under the row's id (rowid),
-- folded as LIKE folds (lower(): A-Z only) and indexed case-sensitively, so a phrase match of the folded term finds
-- exactly what LIKE finds, without checking the rows again. Triggers keep it in step with every insert, update and
-- delete, whatever writes them. The query side is app/server/search.server.ts (terms under 3 characters scan the
-- copy with LIKE). These virtual tables are not in prisma/schema.prisma (Prisma has no FTS); see
-- docs/decisions/017-trigram-search-index.md for why later `prisma migrate diff` runs never drop them.

-- posts: title
CREATE VIRTUAL TABLE "posts_fts" USING fts5("title", tokenize = 'trigram case_sensitive 1');
INSERT INTO "posts_fts" (rowid, "title") SELECT "id", lower("title") FROM "posts";
CREATE TRIGGER "posts_fts_insert" AFTER INSERT ON "posts" BEGIN
    INSERT INTO "posts_fts" (rowid, "title") VALUES (new."id", lower(new."title"));
END;
CREATE TRIGGER "posts_fts_update" AFTER UPDATE OF "id", "title" ON "posts" BEGIN
    DELETE FROM "posts_fts" WHERE rowid = old."id";
    INSERT INTO "posts_fts" (rowid, "title") VALUES (new."id", lower(new."title"));
END;
CREATE TRIGGER "posts_fts_delete" AFTER DELETE ON "posts" BEGIN
    DELETE FROM "posts_fts" WHERE rowid = old."id";
END;

-- pages: title, content
CREATE VIRTUAL TABLE "pages_fts" USING fts5("title", "content", tokenize = 'trigram case_sensitive 1');
INSERT INTO "pages_fts" (rowid, "title", "content") SELECT "id", lower("title"), lower("content") FROM "pages";
CREATE TRIGGER "pages_fts_insert" AFTER INSERT ON "pages" BEGIN
    INSERT INTO "pages_fts" (rowid, "title", "content") VALUES (new."id", lower(new."title"), lower(new."content"));
END;
CREATE TRIGGER "pages_fts_update" AFTER UPDATE OF "id", "title", "content" ON "pages" BEGIN
    DELETE FROM "pages_fts" WHERE rowid = old."id";
    INSERT INTO "pages_fts" (rowid, "title", "content") VALUES (new."id", lower(new."title"), lower(new."content"));
END;
CREATE TRIGGER "pages_fts_delete" AFTER DELETE ON "pages" BEGIN
    DELETE FROM "pages_fts" WHERE rowid = old."id";
END;

-- products: title, owner
CREATE VIRTUAL TABLE "products_fts" USING fts5("title", "owner", tokenize = 'trigram case_sensitive 1');
INSERT INTO "products_fts" (rowid, "title", "owner") SELECT "id", lower("title"), lower("owner") FROM "products";
CREATE TRIGGER "products_fts_insert" AFTER INSERT ON "products" BEGIN
    INSERT INTO "products_fts" (rowid, "title", "owner") VALUES (new."id", lower(new."title"), lower(new."owner"));
END;
CREATE TRIGGER "products_fts_update" AFTER UPDATE OF "id", "title", "owner" ON "products" BEGIN
    DELETE FROM "products_fts" WHERE rowid = old."id";
    INSERT INTO "products_fts" (rowid, "title", "owner") VALUES (new."id", lower(new."title"), lower(new."owner"));
END;
CREATE TRIGGER "products_fts_delete" AFTER DELETE ON "products" BEGIN
    DELETE FROM "products_fts" WHERE rowid = old."id";
END;

-- photos: caption, description
CREATE VIRTUAL TABLE "photos_fts" USING fts5("caption", "description", tokenize = 'trigram case_sensitive 1');
INSERT INTO "photos_fts" (rowid, "caption", "description") SELECT "id", lower("caption"), lower("description") FROM "photos";
CREATE TRIGGER "photos_fts_insert" AFTER INSERT ON "photos" BEGIN
    INSERT INTO "photos_fts" (rowid, "caption", "description") VALUES (new."id", lower(new."caption"), lower(new."description"));
END;
CREATE TRIGGER "photos_fts_update" AFTER UPDATE OF "id", "caption", "description" ON "photos" BEGIN
    DELETE FROM "photos_fts" WHERE rowid = old."id";
    INSERT INTO "photos_fts" (rowid, "caption", "description") VALUES (new."id", lower(new."caption"), lower(new."description"));
END;
CREATE TRIGGER "photos_fts_delete" AFTER DELETE ON "photos" BEGIN
    DELETE FROM "photos_fts" WHERE rowid = old."id";
END;

-- sliders: description
CREATE VIRTUAL TABLE "sliders_fts" USING fts5("description", tokenize = 'trigram case_sensitive 1');
INSERT INTO "sliders_fts" (rowid, "description") SELECT "id", lower("description") FROM "sliders";
CREATE TRIGGER "sliders_fts_insert" AFTER INSERT ON "sliders" BEGIN
    INSERT INTO "sliders_fts" (rowid, "description") VALUES (new."id", lower(new."description"));
END;
CREATE TRIGGER "sliders_fts_update" AFTER UPDATE OF "id", "description" ON "sliders" BEGIN
    DELETE FROM "sliders_fts" WHERE rowid = old."id";
    INSERT INTO "sliders_fts" (rowid, "description") VALUES (new."id", lower(new."description"));
END;
CREATE TRIGGER "sliders_fts_delete" AFTER DELETE ON "sliders" BEGIN
    DELETE FROM "sliders_fts" WHERE rowid = old."id";
END;

-- aparaturs: name, position
CREATE VIRTUAL TABLE "aparaturs_fts" USING fts5("name", "position", tokenize = 'trigram case_sensitive 1');
INSERT INTO "aparaturs_fts" (rowid, "name", "position") SELECT "id", lower("name"), lower("position") FROM "aparaturs";
CREATE TRIGGER "aparaturs_fts_insert" AFTER INSERT ON "aparaturs" BEGIN
    INSERT INTO "aparaturs_fts" (rowid, "name", "position") VALUES (new."id", lower(new."name"), lower(new."position"));
END;
CREATE TRIGGER "aparaturs_fts_update" AFTER UPDATE OF "id", "name", "position" ON "aparaturs" BEGIN
    DELETE FROM "aparaturs_fts" WHERE rowid = old."id";
    INSERT INTO "aparaturs_fts" (rowid, "name", "position") VALUES (new."id", lower(new."name"), lower(new."position"));
END;
CREATE TRIGGER "aparaturs_fts_delete" AFTER DELETE ON "aparaturs" BEGIN
    DELETE FROM "aparaturs_fts" WHERE rowid = old."id";
END;
