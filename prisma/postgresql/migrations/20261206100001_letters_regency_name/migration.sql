-- The regency above the village, for the letterhead of letters (issue 37).
ALTER TABLE "site_settings" ADD COLUMN "regency_name" TEXT NOT NULL DEFAULT '';
