-- CreateTable
CREATE TABLE "letter_types" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "requirements" TEXT NOT NULL DEFAULT '',
    "fields" TEXT NOT NULL DEFAULT '[]',
    "body" TEXT NOT NULL DEFAULT '',
    "number_format" TEXT,
    "signer_id" INTEGER,
    "sla_days" INTEGER NOT NULL DEFAULT 3,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "letter_requests" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ticket" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,
    "letter_type_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nik_sealed" TEXT NOT NULL DEFAULT '',
    "nik_last4" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "data" TEXT NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'diajukan',
    "note" TEXT NOT NULL DEFAULT '',
    "due_at" DATETIME NOT NULL,
    "closed_at" DATETIME,
    "data_erased_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "letter_requests_letter_type_id_fkey" FOREIGN KEY ("letter_type_id") REFERENCES "letter_types" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "letter_attachments" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "request_id" INTEGER NOT NULL,
    "file" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "letter_attachments_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "letter_requests" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "letters" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "number" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "letter_type_id" INTEGER NOT NULL,
    "request_id" INTEGER,
    "name" TEXT NOT NULL,
    "nik_sealed" TEXT NOT NULL DEFAULT '',
    "nik_last4" TEXT NOT NULL DEFAULT '',
    "signer_name" TEXT NOT NULL,
    "signer_position" TEXT NOT NULL,
    "verify_code" TEXT NOT NULL,
    "issued_at" DATETIME NOT NULL,
    "pdf_file" TEXT,
    "pdf_sha256" TEXT NOT NULL,
    "revoked_at" DATETIME,
    "revoked_reason" TEXT,
    "user_id" INTEGER,
    "data_erased_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "letters_letter_type_id_fkey" FOREIGN KEY ("letter_type_id") REFERENCES "letter_types" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "letters_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "letter_requests" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "letter_numbers" (
    "year" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "last" INTEGER NOT NULL DEFAULT 0
);

-- CreateIndex
CREATE UNIQUE INDEX "letter_types_slug_key" ON "letter_types"("slug");

-- CreateIndex
CREATE INDEX "letter_types_id_idx" ON "letter_types"("id");

-- CreateIndex
CREATE UNIQUE INDEX "letter_requests_ticket_key" ON "letter_requests"("ticket");

-- CreateIndex
CREATE INDEX "letter_requests_id_idx" ON "letter_requests"("id");

-- CreateIndex
CREATE INDEX "letter_requests_status_id_idx" ON "letter_requests"("status", "id");

-- CreateIndex
CREATE INDEX "letter_requests_letter_type_id_idx" ON "letter_requests"("letter_type_id");

-- CreateIndex
CREATE INDEX "letter_requests_closed_at_idx" ON "letter_requests"("closed_at");

-- CreateIndex
CREATE UNIQUE INDEX "letter_requests_year_sequence_key" ON "letter_requests"("year", "sequence");

-- CreateIndex
CREATE INDEX "letter_attachments_request_id_idx" ON "letter_attachments"("request_id");

-- CreateIndex
CREATE UNIQUE INDEX "letters_request_id_key" ON "letters"("request_id");

-- CreateIndex
CREATE UNIQUE INDEX "letters_verify_code_key" ON "letters"("verify_code");

-- CreateIndex
CREATE INDEX "letters_id_idx" ON "letters"("id");

-- CreateIndex
CREATE INDEX "letters_pdf_sha256_idx" ON "letters"("pdf_sha256");

-- CreateIndex
CREATE INDEX "letters_issued_at_idx" ON "letters"("issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "letters_year_sequence_key" ON "letters"("year", "sequence");


-- The data version (decision 009): the public pages of letter types and verifications are cached.
CREATE TRIGGER "letter_types_data_version_insert" AFTER INSERT ON "letter_types" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_types_data_version_update" AFTER UPDATE ON "letter_types" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_types_data_version_delete" AFTER DELETE ON "letter_types" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_requests_data_version_insert" AFTER INSERT ON "letter_requests" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_requests_data_version_update" AFTER UPDATE ON "letter_requests" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_requests_data_version_delete" AFTER DELETE ON "letter_requests" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_attachments_data_version_insert" AFTER INSERT ON "letter_attachments" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_attachments_data_version_update" AFTER UPDATE ON "letter_attachments" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_attachments_data_version_delete" AFTER DELETE ON "letter_attachments" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letters_data_version_insert" AFTER INSERT ON "letters" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letters_data_version_update" AFTER UPDATE ON "letters" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letters_data_version_delete" AFTER DELETE ON "letters" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_numbers_data_version_insert" AFTER INSERT ON "letter_numbers" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_numbers_data_version_update" AFTER UPDATE ON "letter_numbers" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "letter_numbers_data_version_delete" AFTER DELETE ON "letter_numbers" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
