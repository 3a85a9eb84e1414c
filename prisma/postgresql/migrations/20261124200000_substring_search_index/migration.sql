-- The SQLite twin of this migration makes FTS5 trigram tables for substring search. PostgreSQL answers the same
-- searches from pg_trgm GIN indexes on the searched columns, made by 20261124300000_instances
-- (app/server/search.server.ts, docs/decisions/017-trigram-search-index.md): nothing to do here.
SELECT 1;
