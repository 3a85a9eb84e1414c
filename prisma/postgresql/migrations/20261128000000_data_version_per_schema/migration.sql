-- The data version of the schema the written table is in (TG_TABLE_SCHEMA), whatever the writer's search_path, and
-- its notification names that schema: `{schema}:{value}`. With many villages in one install each village is a
-- schema of its own (docs/decisions/055-many-villages-one-install.md) and every process listens once for all of them
-- (app/utils/data-version.server.ts).
CREATE OR REPLACE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current BIGINT;
BEGIN
  EXECUTE format('UPDATE %I."data_version" SET "value" = "value" + 1 WHERE "id" = 1 RETURNING "value"', TG_TABLE_SCHEMA)
    INTO current;
  PERFORM pg_notify('data_version', TG_TABLE_SCHEMA || ':' || current::text);
  RETURN NULL;
END
$$;
