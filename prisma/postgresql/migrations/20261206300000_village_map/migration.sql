-- The village map (docs/api.md "Village map (peta desa)"): layers and their features (GeoJSON geometry as text with
-- its bounding box, vertex count, area and length), and a point on products and events (development projects
-- already have one). The three seeded layers are written here, so every village (existing ones too) has them once.

-- AlterTable
ALTER TABLE "products" ADD COLUMN "latitude" DOUBLE PRECISION,
ADD COLUMN "longitude" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "events" ADD COLUMN "latitude" DOUBLE PRECISION,
ADD COLUMN "longitude" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "map_layers" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "color" TEXT NOT NULL DEFAULT '#2563eb',
    "public" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "map_layers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "map_features" (
    "id" SERIAL NOT NULL,
    "layer_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "geometry" TEXT NOT NULL,
    "image" TEXT,
    "west" DOUBLE PRECISION NOT NULL,
    "south" DOUBLE PRECISION NOT NULL,
    "east" DOUBLE PRECISION NOT NULL,
    "north" DOUBLE PRECISION NOT NULL,
    "vertices" INTEGER NOT NULL,
    "area_m2" DOUBLE PRECISION,
    "length_m" DOUBLE PRECISION,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "map_features_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "map_layers_slug_key" ON "map_layers"("slug");

-- CreateIndex
CREATE INDEX "map_features_layer_id_id_idx" ON "map_features"("layer_id", "id");

-- AddForeignKey
ALTER TABLE "map_features" ADD CONSTRAINT "map_features_layer_id_fkey" FOREIGN KEY ("layer_id") REFERENCES "map_layers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every write bumps the data version in the same transaction, so every cache empties (decision 010).
CREATE TRIGGER "map_layers_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "map_layers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
CREATE TRIGGER "map_features_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "map_features" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();

-- The seeded layers (docs/api.md): every village has them, the demo village's features come with its seed.
INSERT INTO "map_layers" ("name", "slug", "kind", "color", "public", "position", "updated_at") VALUES
    ('Batas Desa', 'batas-desa', 'area', '#b91c1c', true, 1, CURRENT_TIMESTAMP),
    ('Batas Dusun', 'batas-dusun', 'area', '#7c3aed', true, 2, CURRENT_TIMESTAMP),
    ('Fasilitas Umum', 'fasilitas-umum', 'point', '#047857', true, 3, CURRENT_TIMESTAMP);
