-- CreateTable
CREATE TABLE "data_version" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "value" BIGINT NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "login_failures" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "pending_uploads" (
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("kind", "name")
);

-- CreateIndex
CREATE INDEX "login_failures_key_created_at_idx" ON "login_failures"("key", "created_at");


-- The data version: every committed write to these tables bumps it in the same transaction, so every worker's
-- caches see it at once (app/server/data-version.server.ts). login_failures and pending_uploads have no trigger.
INSERT INTO "data_version" ("id", "value") VALUES (1, 0);
CREATE TRIGGER "users_data_version_insert" AFTER INSERT ON "users" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "users_data_version_update" AFTER UPDATE ON "users" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "users_data_version_delete" AFTER DELETE ON "users" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "roles_data_version_insert" AFTER INSERT ON "roles" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "roles_data_version_update" AFTER UPDATE ON "roles" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "roles_data_version_delete" AFTER DELETE ON "roles" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "permissions_data_version_insert" AFTER INSERT ON "permissions" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "permissions_data_version_update" AFTER UPDATE ON "permissions" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "permissions_data_version_delete" AFTER DELETE ON "permissions" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "role_has_permissions_data_version_insert" AFTER INSERT ON "role_has_permissions" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "role_has_permissions_data_version_update" AFTER UPDATE ON "role_has_permissions" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "role_has_permissions_data_version_delete" AFTER DELETE ON "role_has_permissions" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "user_has_roles_data_version_insert" AFTER INSERT ON "user_has_roles" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "user_has_roles_data_version_update" AFTER UPDATE ON "user_has_roles" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "user_has_roles_data_version_delete" AFTER DELETE ON "user_has_roles" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "categories_data_version_insert" AFTER INSERT ON "categories" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "categories_data_version_update" AFTER UPDATE ON "categories" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "categories_data_version_delete" AFTER DELETE ON "categories" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "posts_data_version_insert" AFTER INSERT ON "posts" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "posts_data_version_update" AFTER UPDATE ON "posts" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "posts_data_version_delete" AFTER DELETE ON "posts" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "pages_data_version_insert" AFTER INSERT ON "pages" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "pages_data_version_update" AFTER UPDATE ON "pages" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "pages_data_version_delete" AFTER DELETE ON "pages" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "products_data_version_insert" AFTER INSERT ON "products" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "products_data_version_update" AFTER UPDATE ON "products" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "products_data_version_delete" AFTER DELETE ON "products" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "photos_data_version_insert" AFTER INSERT ON "photos" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "photos_data_version_update" AFTER UPDATE ON "photos" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "photos_data_version_delete" AFTER DELETE ON "photos" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "sliders_data_version_insert" AFTER INSERT ON "sliders" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "sliders_data_version_update" AFTER UPDATE ON "sliders" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "sliders_data_version_delete" AFTER DELETE ON "sliders" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "aparaturs_data_version_insert" AFTER INSERT ON "aparaturs" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "aparaturs_data_version_update" AFTER UPDATE ON "aparaturs" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "aparaturs_data_version_delete" AFTER DELETE ON "aparaturs" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "revoked_tokens_data_version_insert" AFTER INSERT ON "revoked_tokens" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "revoked_tokens_data_version_update" AFTER UPDATE ON "revoked_tokens" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "revoked_tokens_data_version_delete" AFTER DELETE ON "revoked_tokens" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
