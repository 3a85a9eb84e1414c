import { z } from 'zod'
import { responseId, responseTime, z as shape } from '~/utils/response-shape.server'
import { etagOf } from '#core/etag.mjs'
import { prisma, serializeWrite } from '~/utils/db.server'
import { notFound, validationError } from '~/utils/http.server'
import { optionalText, parseInput, requiredText } from '~/utils/validation.server'
import { cachedRead } from '~/public-reads/read-memo.server'
import { slugify } from '~/lib/slug'
import { paginate, type ListQuery } from '~/lib/paging'
import {
  AUTOMATIC_LAYERS,
  COLOR_PATTERN,
  MAP_KINDS,
  unionBox,
  type AutomaticSlug,
  type BBox,
  type MapKind,
} from '~/lib/map-drawing'
import { recordActivity, type Actor } from '~/models/accounts/activity.server'
import { rethrowUnique } from '~/models/site/crud.server'
import { visibleWhere } from '~/models/content/publishing.server'
import { refuseGamblingSpam } from '~/models/citizen-services/spam.server'
import { removeImage, stagedImage, writeWithImage } from '~/utils/upload-pipeline.server'
import { uploadUrl } from '~/lib/upload-urls'
import type { StoredFeature } from '~/lib/map-types'
import { checkGeometry, type CheckedGeometry, type MapGeometry } from './map-geometry.server'

/**
 * The village map (docs/api.md "Village map (peta desa)"): layers, their features, and the public reads of both with
 * the automatic layers of the items that have a location (projects, products, events). Geometry is judged and
 * measured by map-geometry.server.ts; the import of files is map-import.server.ts.
 */

// ---------------------------------------------------------------------------------------------------------------
// Layers

const layerSelect = { id: true, name: true, slug: true, kind: true, color: true, public: true, position: true } as const
export type MapLayer = {
  id: number
  name: string
  slug: string
  kind: MapKind
  color: string
  public: boolean
  position: number
}
const toLayer = (row: { kind: string } & Omit<MapLayer, 'kind'>): MapLayer => ({ ...row, kind: row.kind as MapKind })

const AUTOMATIC_SLUGS: readonly string[] = AUTOMATIC_LAYERS.map((layer) => layer.slug)

const asBoolean = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? undefined
    : value === true || value === 'true' || value === '1' || value === 'on'
      ? true
      : value === false || value === 'false' || value === '0' || value === 'off'
        ? false
        : value

const layerSchema = z.object({
  name: requiredText('Name'),
  slug: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined)),
    z
      .string({ invalid_type_error: 'Slug must be text' })
      .max(100, 'Slug may not be longer than 100 characters')
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug may hold only a-z, 0-9 and single hyphens')
      .refine((slug) => !AUTOMATIC_SLUGS.includes(slug), 'Slug is the name of an automatic layer')
      .optional(),
  ),
  kind: z.enum(MAP_KINDS, { errorMap: () => ({ message: 'Kind must be area, point or line' }) }),
  color: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined)),
    z.string({ invalid_type_error: 'Color must be text' }).regex(COLOR_PATTERN, 'Color must be #rrggbb').optional(),
  ),
  public: z.preprocess(asBoolean, z.boolean({ invalid_type_error: 'Public must be true or false' }).optional()),
  position: z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number({ invalid_type_error: 'Position must be a whole number' })
      .int('Position must be a whole number')
      .min(0, 'Position must be 0 or more')
      .max(100_000, 'Position must be at most 100000')
      .optional(),
  ),
})

export async function listLayers(): Promise<(MapLayer & { count: number })[]> {
  const rows = await prisma.mapLayer.findMany({
    select: { ...layerSelect, _count: { select: { features: true } } },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  })
  return rows.map(({ _count, ...row }) => ({ ...toLayer(row), count: _count.features }))
}

export const getLayer = async (id: number): Promise<MapLayer> => {
  const row = await prisma.mapLayer.findUnique({ where: { id }, select: layerSelect })
  if (!row) throw notFound('Layer')
  return toLayer(row)
}

export async function createLayer(input: Record<string, unknown>, actor: Actor): Promise<MapLayer> {
  const data = parseInput(layerSchema, input)
  await refuseGamblingSpam(actor, { resource: 'map-layers' }, { name: data.name })
  const slug = data.slug ?? slugify(data.name)
  if (!slug || AUTOMATIC_SLUGS.includes(slug)) throw validationError({ Slug: 'Slug is the name of an automatic layer' })
  const layer = await serializeWrite(() =>
    prisma.mapLayer
      .create({
        data: {
          name: data.name,
          slug,
          kind: data.kind,
          color: data.color ?? '#2563eb',
          public: data.public ?? true,
          position: data.position ?? 0,
        },
        select: layerSelect,
      })
      .catch((error) => rethrowUnique(error, { slug: 'Slug' })),
  )
  await recordActivity({ actor, action: 'create', resource: 'map-layers', resourceId: layer.id, summary: layer.name })
  return toLayer(layer)
}

export async function updateLayer(id: number, input: Record<string, unknown>, actor: Actor): Promise<MapLayer> {
  const existing = await getLayer(id)
  const data = parseInput(layerSchema, { kind: existing.kind, ...input })
  await refuseGamblingSpam(actor, { resource: 'map-layers', id }, { name: data.name })
  const layer = await serializeWrite(async () => {
    if (data.kind !== existing.kind && (await prisma.mapFeature.count({ where: { layer_id: id } })))
      throw validationError({ Kind: 'Kind cannot change while the layer has features' })
    return prisma.mapLayer
      .update({
        where: { id },
        data: {
          name: data.name,
          slug: data.slug ?? existing.slug,
          kind: data.kind,
          color: data.color ?? existing.color,
          public: data.public ?? existing.public,
          position: data.position ?? existing.position,
        },
        select: layerSelect,
      })
      .catch((error) => rethrowUnique(error, { slug: 'Slug' }))
  })
  await recordActivity({ actor, action: 'update', resource: 'map-layers', resourceId: id, summary: layer.name })
  return toLayer(layer)
}

/** A layer goes with its features, and their photos once the rows are gone. */
export async function deleteLayer(id: number, actor: Actor): Promise<void> {
  const existing = await getLayer(id)
  const images = await serializeWrite(async () => {
    const rows = await prisma.mapFeature.findMany({
      where: { layer_id: id, image: { not: null } },
      select: { image: true },
    })
    await prisma.mapLayer.delete({ where: { id } })
    return rows.map((row) => row.image)
  })
  for (const image of images) await removeImage('maps', image).catch(() => undefined)
  await recordActivity({ actor, action: 'delete', resource: 'map-layers', resourceId: id, summary: existing.name })
}

// ---------------------------------------------------------------------------------------------------------------
// Features

const featureSelect = {
  id: true,
  layer_id: true,
  name: true,
  description: true,
  geometry: true,
  image: true,
  area_m2: true,
  length_m: true,
  created_at: true,
  updated_at: true,
} as const
type FeatureRow = StoredFeature & { layer_id: number; created_at: Date; updated_at: Date }
const toFeature = (row: FeatureRow) => ({ ...row, geometry: JSON.parse(row.geometry) as MapGeometry })
export type MapFeature = ReturnType<typeof toFeature>

export const NAME_MAX = 255
export const DESCRIPTION_MAX = 5000

const featureSchema = z.object({
  layer_id: z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ required_error: 'Layer_id is required', invalid_type_error: 'Layer_id must be a layer id' }).int(),
  ),
  name: requiredText('Name', NAME_MAX),
  description: optionalText('Description', DESCRIPTION_MAX),
  geometry: z.unknown(),
})

/** A form sends the geometry as JSON text; the API as an object. */
function geometryOf(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return null
  }
}

const measured = (checked: CheckedGeometry) => ({
  geometry: JSON.stringify(checked.geometry),
  west: checked.west,
  south: checked.south,
  east: checked.east,
  north: checked.north,
  vertices: checked.vertices,
  area_m2: checked.area_m2,
  length_m: checked.length_m,
})

async function featureInput(input: Record<string, unknown>, actor: Actor, id?: number) {
  const data = parseInput(featureSchema, input)
  const layer = await prisma.mapLayer.findUnique({ where: { id: data.layer_id }, select: { kind: true } })
  if (!layer) throw validationError({ Layer_id: 'Layer_id is not a layer' })
  if (data.geometry === undefined || data.geometry === null || data.geometry === '')
    throw validationError({ Geometry: 'Geometry is required' })
  const verdict = checkGeometry(geometryOf(data.geometry), layer.kind as MapKind)
  if (!verdict.ok) throw validationError({ Geometry: verdict.reason })
  await refuseGamblingSpam(actor, { resource: 'map-features', id }, { name: data.name, description: data.description })
  return { layer_id: data.layer_id, name: data.name, description: data.description, ...measured(verdict.ok) }
}

export async function listFeatures(query: ListQuery, layerId: number | null, path: string) {
  const where = layerId === null ? {} : { layer_id: layerId }
  const [total, rows] = await Promise.all([
    prisma.mapFeature.count({ where }),
    prisma.mapFeature.findMany({
      where,
      select: featureSelect,
      orderBy: { id: 'asc' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    }),
  ])
  return paginate(rows.map(toFeature), total, query, path)
}

export async function getFeature(id: number): Promise<MapFeature> {
  const row = await prisma.mapFeature.findUnique({ where: { id }, select: featureSelect })
  if (!row) throw notFound('Feature')
  return toFeature(row)
}

/**
 * A new feature; its photo (the input's `image` file, multipart) goes through the upload pipeline once every field is
 * judged, and is removed again if the row cannot be written.
 */
export async function createFeature(input: Record<string, unknown>, actor: Actor): Promise<MapFeature> {
  const data = await featureInput(input, actor)
  const row = await writeWithImage('maps', stagedImage(input), async (image) => ({
    result: await prisma.mapFeature.create({ data: { ...data, image: image ?? null }, select: featureSelect }),
  }))
  await recordActivity({ actor, action: 'create', resource: 'map-features', resourceId: row.id, summary: row.name })
  return toFeature(row)
}

/** An update takes the whole feature (a missing field keeps what it had); a new photo replaces the old one's files. */
export async function updateFeature(id: number, input: Record<string, unknown>, actor: Actor): Promise<MapFeature> {
  const existing = await getFeature(id)
  const data = await featureInput({ ...existing, ...input }, actor, id)
  const file = stagedImage(input)
  const row = await writeWithImage('maps', file, async (image) => {
    const before = await prisma.mapFeature.findUnique({ where: { id }, select: { image: true } })
    if (!before) throw notFound('Feature')
    const result = await prisma.mapFeature.update({
      where: { id },
      data: image ? { ...data, image } : data,
      select: featureSelect,
    })
    return { result, replaced: image ? before.image : null }
  })
  await recordActivity({
    actor,
    action: 'update',
    resource: 'map-features',
    resourceId: id,
    summary: row.name,
    changes: [
      ...(['layer_id', 'name', 'description', 'geometry'] as const).filter((key) => key in input),
      ...(file ? ['image'] : []),
    ],
  })
  return toFeature(row)
}

/** A feature goes with its photo. */
export async function deleteFeature(id: number, actor: Actor): Promise<void> {
  const existing = await getFeature(id)
  await writeWithImage('maps', undefined, async () => {
    const row = await prisma.mapFeature.findUnique({ where: { id }, select: { image: true } })
    if (!row) throw notFound('Feature')
    await prisma.mapFeature.delete({ where: { id } })
    return { result: undefined, replaced: row.image }
  })
  await recordActivity({ actor, action: 'delete', resource: 'map-features', resourceId: id, summary: existing.name })
}

/** The import's rows (already judged), written in one transaction. */
export async function writeImportedFeatures(
  layerId: number,
  rows: { name: string; description: string; checked: CheckedGeometry }[],
  actor: Actor,
): Promise<number> {
  await refuseGamblingSpam(
    actor,
    { resource: 'map-features' },
    { name: rows.map((row) => row.name).join('\n'), description: rows.map((row) => row.description).join('\n') },
  )
  await serializeWrite(() =>
    prisma.$transaction(async (tx) => {
      const CHUNK = 500
      for (let i = 0; i < rows.length; i += CHUNK)
        await tx.mapFeature.createMany({
          data: rows.slice(i, i + CHUNK).map((row) => ({
            layer_id: layerId,
            name: row.name,
            description: row.description,
            ...measured(row.checked),
          })),
        })
    }),
  )
  if (rows.length)
    await recordActivity({
      actor,
      action: 'create',
      resource: 'map-features',
      resourceId: null,
      summary: `Impor ${rows.length} fitur ke lapisan ${layerId}`,
    })
  return rows.length
}

// ---------------------------------------------------------------------------------------------------------------
// Public reads

/** A feature as the public map draws it (geometry parsed). */
export type PublicFeature = {
  id: number
  name: string
  description: string
  url: string | null
  image: string | null
  area_m2: number | null
  length_m: number | null
  geometry: MapGeometry
}
export type PublicLayer = { name: string; slug: string; kind: MapKind; color: string; count: number }

const AUTOMATIC_PATHS: Record<AutomaticSlug, string> = {
  pembangunan: '/pembangunan/',
  produk: '/products/',
  agenda: '/agenda/',
}

type Located = { id: number; title: string; slug: string; latitude: number | null; longitude: number | null }
const located = { id: true, title: true, slug: true, latitude: true, longitude: true } as const
const hasPoint = { latitude: { not: null }, longitude: { not: null } }

async function automaticItems(slug: AutomaticSlug): Promise<Located[]> {
  const where = { ...visibleWhere(), ...hasPoint }
  const orderBy = { id: 'asc' } as const
  if (slug === 'pembangunan') return prisma.development.findMany({ where, select: located, orderBy })
  if (slug === 'produk') return prisma.product.findMany({ where, select: located, orderBy })
  return prisma.event.findMany({ where, select: located, orderBy })
}

const automaticFeatures = async (slug: AutomaticSlug): Promise<PublicFeature[]> =>
  (await automaticItems(slug)).map((item) => ({
    id: item.id,
    name: item.title,
    description: '',
    url: `${AUTOMATIC_PATHS[slug]}${item.slug}`,
    image: null,
    area_m2: null,
    length_m: null,
    geometry: { type: 'Point', coordinates: [item.longitude!, item.latitude!] },
  }))

/** The bounding box of Indonesia: the map's view while a village has drawn nothing yet. */
const INDONESIA: BBox = [95, -11, 141, 6]

/** `GET /api/public/map`: the public layers (automatic ones last, those with an item only) and their box. */
export const publicMap = () =>
  cachedRead('map:index', async (): Promise<{ bbox: BBox; layers: PublicLayer[] }> => {
    const layers = await prisma.mapLayer.findMany({
      where: { public: true },
      select: { ...layerSelect, _count: { select: { features: true } } },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
    })
    const box = await prisma.mapFeature.aggregate({
      where: { layer: { public: true } },
      _min: { west: true, south: true },
      _max: { east: true, north: true },
    })
    const boxes: BBox[] =
      box._min.west === null ? [] : [[box._min.west, box._min.south!, box._max.east!, box._max.north!]]
    const automatic: PublicLayer[] = []
    for (const layer of AUTOMATIC_LAYERS) {
      const items = await automaticItems(layer.slug)
      if (!items.length) continue
      automatic.push({ name: layer.name, slug: layer.slug, kind: 'point', color: layer.color, count: items.length })
      for (const item of items) boxes.push([item.longitude!, item.latitude!, item.longitude!, item.latitude!])
    }
    return {
      bbox: unionBox(boxes) ?? INDONESIA,
      layers: [
        ...layers.map(({ _count, name, slug, kind, color }) => ({
          name,
          slug,
          kind: kind as MapKind,
          color,
          count: _count.features,
        })),
        ...automatic,
      ],
    }
  })

/** A public layer with its features (for the page), or null when there is none of that slug. */
export const publicLayerFeatures = (slug: string) =>
  cachedRead(`map:layer:${slug}`, async (): Promise<{ layer: PublicLayer; features: PublicFeature[] } | null> => {
    const automatic = AUTOMATIC_LAYERS.find((layer) => layer.slug === slug)
    if (automatic) {
      const features = await automaticFeatures(automatic.slug)
      if (!features.length) return null
      return {
        layer: { name: automatic.name, slug, kind: 'point', color: automatic.color, count: features.length },
        features,
      }
    }
    const layer = await prisma.mapLayer.findFirst({ where: { slug, public: true }, select: layerSelect })
    if (!layer) return null
    const rows = await prisma.mapFeature.findMany({
      where: { layer_id: layer.id },
      select: featureSelect,
      orderBy: { id: 'asc' },
    })
    return {
      layer: { name: layer.name, slug, kind: layer.kind as MapKind, color: layer.color, count: rows.length },
      features: rows.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        url: null,
        image: row.image,
        area_m2: row.area_m2,
        length_m: row.length_m,
        geometry: JSON.parse(row.geometry) as MapGeometry,
      })),
    }
  })

/** The features of a public layer as GeoJSON texts, or null when the layer is not public (or empty, if automatic). */
async function layerParts(slug: string, exported: boolean): Promise<string[] | null> {
  const layerOf = exported ? slug : null
  const automatic = AUTOMATIC_LAYERS.find((layer) => layer.slug === slug)
  if (automatic) {
    const features = await automaticFeatures(automatic.slug)
    if (!features.length) return null
    return features.map((feature) => featureText(feature, JSON.stringify(feature.geometry), layerOf))
  }
  const layer = await prisma.mapLayer.findFirst({ where: { slug, public: true }, select: { id: true } })
  if (!layer) return null
  const rows = await prisma.mapFeature.findMany({
    where: { layer_id: layer.id },
    select: { id: true, name: true, description: true, image: true, geometry: true },
    orderBy: { id: 'asc' },
  })
  return rows.map((row) => featureText({ ...row, url: null }, row.geometry, layerOf))
}

/**
 * `GET /api/public/map/layers/{slug}.geojson`: the FeatureCollection's text and ETag, or null for a layer that is not
 * public. Written by joining the stored geometry text (never parsed again), so a layer of thousands of points costs
 * one query and one string.
 */
export const layerGeoJson = (slug: string) =>
  cachedRead(`map:geojson:${slug}`, async (): Promise<{ body: string; etag: string } | null> => {
    const parts = await layerParts(slug, false)
    if (!parts) return null
    const body = `{"type":"FeatureCollection","features":[${parts.join(',')}]}`
    return { body, etag: etagOf(body) }
  })

/** `GET /api/public/map.geojson`: every public layer in one FeatureCollection, `properties.layer` each one's slug. */
export const allLayersGeoJson = () =>
  cachedRead('map:geojson:*', async (): Promise<{ body: string; etag: string }> => {
    const { layers } = await publicMap()
    const parts: string[] = []
    for (const layer of layers) parts.push(...((await layerParts(layer.slug, true)) ?? []))
    const body = `{"type":"FeatureCollection","features":[${parts.join(',')}]}`
    return { body, etag: etagOf(body) }
  })

function featureText(
  feature: { id: number; name: string; description: string; image: string | null; url: string | null },
  geometry: string,
  layer: string | null,
): string {
  const properties: Record<string, unknown> = { id: feature.id, name: feature.name, description: feature.description }
  if (layer) properties.layer = layer
  if (feature.url) properties.url = feature.url
  if (feature.image) properties.image = uploadUrl('maps', feature.image)
  return `{"type":"Feature","geometry":${geometry},"properties":${JSON.stringify(properties)}}`
}

/** The village's boundary (the `batas-desa` layer's areas) for the small maps of items' pages, or none. */
export const villageOutline = () =>
  cachedRead('map:outline', async () => {
    const layer = await publicLayerFeatures('batas-desa')
    return layer ? layer.features.map((feature) => feature.geometry) : []
  })

// ---------------------------------------------------------------------------------------------------------------
// The answers' shapes, as the OpenAPI document names them

const kindShape = () => shape.enum(MAP_KINDS)
export const mapLayerResponse = shape
  .object({
    id: responseId(),
    name: shape.string(),
    slug: shape.string(),
    kind: kindShape(),
    color: shape.string().openapi({ description: '`#rrggbb`' }),
    public: shape.boolean(),
    position: shape.number().int(),
  })
  .openapi('MapLayer')
export const mapLayerListItem = mapLayerResponse
  .extend({ count: shape.number().int().openapi({ description: 'How many features it has' }) })
  .openapi('MapLayerWithCount')
export const geometryResponse = shape
  .object({ type: shape.string(), coordinates: shape.array(shape.unknown()) })
  .openapi('MapGeometry', { description: 'A GeoJSON geometry in longitude/latitude (EPSG:4326)' })
export const mapFeatureResponse = shape
  .object({
    id: responseId(),
    layer_id: responseId(),
    name: shape.string(),
    description: shape.string().openapi({ description: 'Plain text' }),
    geometry: geometryResponse,
    image: shape.string().nullable(),
    area_m2: shape.number().nullable().openapi({ description: 'On the WGS84 ellipsoid; null unless an area' }),
    length_m: shape.number().nullable().openapi({ description: 'On the WGS84 ellipsoid; null unless a line' }),
    created_at: responseTime(),
    updated_at: responseTime(),
  })
  .strict()
  .openapi('MapFeature')
export const publicMapResponse = shape
  .object({
    bbox: shape.array(shape.number()).length(4).openapi({ description: '[west, south, east, north]' }),
    layers: shape.array(
      shape.object({
        name: shape.string(),
        slug: shape.string(),
        kind: kindShape(),
        color: shape.string(),
        count: shape.number().int(),
      }),
    ),
  })
  .openapi('PublicMap')
export const importResponse = shape
  .object({
    imported: shape.number().int(),
    skipped: shape.array(shape.object({ index: shape.number().int(), reason: shape.string() })),
  })
  .openapi('MapImport')
export const layerInput = layerSchema
export const featureInputSchema = featureSchema
