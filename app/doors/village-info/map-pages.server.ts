import type { LoaderFunctionArgs } from '@remix-run/node'
import { atRegency } from '~/models/regency/villages.server'
import { villageBoundaries } from '~/models/regency/regency-map.server'
import { cachedRead } from '~/public-reads/read-memo.server'
import { drawGeometry, formatArea, formatLength, projectionOf, type DrawnGeometry } from '~/lib/map-drawing'
import type { DrawnLayer, MapPageData, SmallMapData } from '~/lib/map-types'
import { publicLayerFeatures, publicMap, villageOutline } from '~/models/village-info/map.server'

/**
 * The public map page `/peta` (docs/api.md "Village map (peta desa)"): the layers, a drawing of every feature made
 * here (SVG path data in a viewBox, docs/decisions/080-village-map-drawing-and-import.md) and the list by layer. The
 * interactive map reads the layers' GeoJSON files itself; this loader's answer stays small.
 */

/** Per layer, the page draws and lists this many features; the rest are in its GeoJSON file. */
export const PAGE_FEATURES_PER_LAYER = 60

/**
 * `/peta`: the village's map, or at the regency host the portal's map of every active village's boundary (each linking
 * to its village's site), read from the villages at each request as the portal's other pages are.
 */
export async function mapOrPortalLoader({
  request,
  context,
}: LoaderFunctionArgs): Promise<MapPageData & { portal: boolean }> {
  if (!atRegency()) return { portal: false, ...(await mapPageLoader()) }
  context.skipResponseCache?.()
  const boundaries = await villageBoundaries(new URL(request.url))
  const corners = boundaries.flatMap((village) =>
    village.areas.flatMap((geometry) =>
      geometry.type === 'Polygon' ? geometry.coordinates[0] : geometry.coordinates.flatMap((polygon) => polygon[0]),
    ),
  )
  const bbox: [number, number, number, number] = corners.length
    ? [
        Math.min(...corners.map((p) => p[0])),
        Math.min(...corners.map((p) => p[1])),
        Math.max(...corners.map((p) => p[0])),
        Math.max(...corners.map((p) => p[1])),
      ]
    : [95, -11, 141, 6]
  const projection = projectionOf(bbox)
  let id = 0
  const features = boundaries.flatMap((village) =>
    village.areas.map((geometry) => ({
      id: ++id,
      name: village.name,
      description: '',
      url: village.url,
      image: null,
      measure: null,
      shape: drawGeometry(geometry as DrawnGeometry, projection),
    })),
  )
  return {
    portal: true,
    bbox,
    width: projection.width,
    height: projection.height,
    layers: [
      {
        name: 'Batas Desa',
        slug: 'batas-desa',
        kind: 'area',
        color: '#b91c1c',
        count: features.length,
        file: '/api/regency/public/map.geojson',
        features,
      },
    ],
  }
}

export const mapPageLoader = (): Promise<MapPageData> =>
  cachedRead('map:page', async () => {
    const { bbox, layers } = await publicMap()
    const projection = projectionOf(bbox)
    const drawn: DrawnLayer[] = []
    for (const layer of layers) {
      const read = await publicLayerFeatures(layer.slug)
      if (!read) continue
      drawn.push({
        ...layer,
        file: `/api/public/map/layers/${layer.slug}.geojson`,
        features: read.features.slice(0, PAGE_FEATURES_PER_LAYER).map((feature) => ({
          id: feature.id,
          name: feature.name,
          description: feature.description,
          url: feature.url,
          image: feature.image,
          measure:
            feature.area_m2 !== null
              ? `Luas ${formatArea(feature.area_m2)}`
              : feature.length_m !== null
                ? `Panjang ${formatLength(feature.length_m)}`
                : null,
          shape: drawGeometry(feature.geometry as DrawnGeometry, projection),
        })),
      })
    }
    return { bbox, width: projection.width, height: projection.height, layers: drawn }
  })

/** The village's boundary, for the small maps of items' pages (read once per data version). */
export { villageOutline }

/**
 * The small map of an item's page (a project, a product, an event with a point): the village's boundary (`outline`,
 * from villageOutline) and the item, drawn as the page's SVG (no script, no tiles), or null without a point.
 */
export function smallMapOf(
  item: { latitude: number | null; longitude: number | null },
  outline: unknown[],
): SmallMapData | null {
  if (item.latitude === null || item.longitude === null) return null
  const shapes = outline as DrawnGeometry[]
  const corners = shapes.flatMap((geometry) =>
    geometry.type === 'Polygon'
      ? geometry.coordinates[0]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates.flatMap((polygon) => polygon[0])
        : [],
  )
  const lons = [item.longitude, ...corners.map((p) => p[0])]
  const lats = [item.latitude, ...corners.map((p) => p[1])]
  const projection = projectionOf([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)])
  const point = drawGeometry({ type: 'Point', coordinates: [item.longitude, item.latitude] }, projection) as {
    cx: number
    cy: number
  }
  return {
    width: projection.width,
    height: projection.height,
    outline: shapes.map((geometry) => (drawGeometry(geometry, projection) as { d: string }).d),
    point,
    latitude: item.latitude,
    longitude: item.longitude,
  }
}
