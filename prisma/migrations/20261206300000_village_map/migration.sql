-- The village map (docs/api.md "Village map (peta desa)"): layers and their features (GeoJSON geometry as text with
-- its bounding box, vertex count, area and length), and a point on products and events (development projects
-- already have one). The three seeded layers are written here, so every village (existing ones too) has them once.

-- AlterTable
ALTER TABLE "products" ADD COLUMN "latitude" REAL;
ALTER TABLE "products" ADD COLUMN "longitude" REAL;
ALTER TABLE "events" ADD COLUMN "latitude" REAL;
ALTER TABLE "events" ADD COLUMN "longitude" REAL;

-- CreateTable
CREATE TABLE "map_layers" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "color" TEXT NOT NULL DEFAULT '#2563eb',
    "public" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "map_features" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "layer_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "geometry" TEXT NOT NULL,
    "image" TEXT,
    "west" REAL NOT NULL,
    "south" REAL NOT NULL,
    "east" REAL NOT NULL,
    "north" REAL NOT NULL,
    "vertices" INTEGER NOT NULL,
    "area_m2" REAL,
    "length_m" REAL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "map_features_layer_id_fkey" FOREIGN KEY ("layer_id") REFERENCES "map_layers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "map_layers_slug_key" ON "map_layers"("slug");

-- CreateIndex
CREATE INDEX "map_features_layer_id_id_idx" ON "map_features"("layer_id", "id");

-- Every write bumps the data version in the same transaction, so every cache empties (decision 010).
CREATE TRIGGER "map_layers_data_version_insert" AFTER INSERT ON "map_layers" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "map_layers_data_version_update" AFTER UPDATE ON "map_layers" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "map_layers_data_version_delete" AFTER DELETE ON "map_layers" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "map_features_data_version_insert" AFTER INSERT ON "map_features" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "map_features_data_version_update" AFTER UPDATE ON "map_features" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;
CREATE TRIGGER "map_features_data_version_delete" AFTER DELETE ON "map_features" BEGIN UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1; END;

-- The seeded layers (docs/api.md): every village has them, the demo village's features come with its seed.
INSERT INTO "map_layers" ("name", "slug", "kind", "color", "public", "position", "created_at", "updated_at") VALUES
    ('Batas Desa', 'batas-desa', 'area', '#b91c1c', true, 1, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('Batas Dusun', 'batas-dusun', 'area', '#7c3aed', true, 2, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('Fasilitas Umum', 'fasilitas-umum', 'point', '#047857', true, 3, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
