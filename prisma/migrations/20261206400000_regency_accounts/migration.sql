-- Regency accounts (docs/api.md "The regency's data"): a camat's kecamatan. A plain ADD COLUMN, not Prisma's table
-- rebuild, so the table keeps its data-version triggers.
ALTER TABLE "users" ADD COLUMN "kecamatan" TEXT NOT NULL DEFAULT '';
