-- CreateTable
CREATE TABLE "data_version" (
    "id" INTEGER NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "data_version_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_failures" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_failures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pending_uploads" (
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pending_uploads_pkey" PRIMARY KEY ("kind","name")
);

-- CreateIndex
CREATE INDEX "login_failures_key_created_at_idx" ON "login_failures"("key", "created_at");


-- The data version: every committed write to these tables bumps it in the same transaction and tells every
-- listening instance (NOTIFY "data_version", delivered at commit), so every cache sees it within a second
-- (app/server/data-version.server.ts). login_failures and pending_uploads have no trigger.
INSERT INTO "data_version" ("id", "value") VALUES (1, 0);

CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current BIGINT;
BEGIN
  UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1 RETURNING "value" INTO current;
  PERFORM pg_notify('data_version', current::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER "users_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "roles_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "permissions_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "role_has_permissions_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_has_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "user_has_roles_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_has_roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "categories_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "posts_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "pages_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "products_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "photos_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "photos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "sliders_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sliders" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "aparaturs_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "aparaturs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "revoked_tokens_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "revoked_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();

-- Case-insensitive substring search (ILIKE '%...%') answered from trigram indexes, on the columns API.md searches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "permissions_name_trgm_idx" ON "permissions" USING GIN ("name" gin_trgm_ops);
CREATE INDEX "roles_name_trgm_idx" ON "roles" USING GIN ("name" gin_trgm_ops);
CREATE INDEX "categories_name_trgm_idx" ON "categories" USING GIN ("name" gin_trgm_ops);
CREATE INDEX "users_name_trgm_idx" ON "users" USING GIN ("name" gin_trgm_ops);
CREATE INDEX "users_username_trgm_idx" ON "users" USING GIN ("username" gin_trgm_ops);
CREATE INDEX "users_email_trgm_idx" ON "users" USING GIN ("email" gin_trgm_ops);
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING GIN ("title" gin_trgm_ops);
CREATE INDEX "pages_title_trgm_idx" ON "pages" USING GIN ("title" gin_trgm_ops);
CREATE INDEX "pages_content_trgm_idx" ON "pages" USING GIN ("content" gin_trgm_ops);
CREATE INDEX "products_title_trgm_idx" ON "products" USING GIN ("title" gin_trgm_ops);
CREATE INDEX "products_owner_trgm_idx" ON "products" USING GIN ("owner" gin_trgm_ops);
CREATE INDEX "photos_caption_trgm_idx" ON "photos" USING GIN ("caption" gin_trgm_ops);
CREATE INDEX "photos_description_trgm_idx" ON "photos" USING GIN ("description" gin_trgm_ops);
CREATE INDEX "sliders_description_trgm_idx" ON "sliders" USING GIN ("description" gin_trgm_ops);
CREATE INDEX "aparaturs_name_trgm_idx" ON "aparaturs" USING GIN ("name" gin_trgm_ops);
CREATE INDEX "aparaturs_position_trgm_idx" ON "aparaturs" USING GIN ("position" gin_trgm_ops);
