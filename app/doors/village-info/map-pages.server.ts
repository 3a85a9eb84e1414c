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
export const PAGE_FEATURES_PER_LAYER = 500

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
        features: read.features.slice(0, PAGE_FEATURES_PER_LAYER).map((feature) => ({
          id: feature.id,
          name: feature.name,
          description: feature.description,
          url: feature.url,
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

/**
 * The small map of an item's page (a project, a product, an event with a point): the village's boundary and the item,
 * drawn as the page's SVG (no script, no tiles), or null without a point.
 */
export async function smallMapOf(item: { latitude: number | null; longitude: number | null }): Promise<SmallMapData | null> {
  if (item.latitude === null || item.longitude === null) return null
  const outline = (await villageOutline()) as DrawnGeometry[]
  const boxes = outline.flatMap((geometry) => {
    const rings = geometry.type === 'Polygon' ? [geometry.coordinates[0]] : geometry.type === 'MultiPolygon' ? geometry.coordinates.map((p) => p[0]) : []
    return rings.flat()
  })
  const lons = [item.longitude, ...boxes.map((p) => p[0])]
  const lats = [item.latitude, ...boxes.map((p) => p[1])]
  const projection = projectionOf([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)])
  const point = drawGeometry({ type: 'Point', coordinates: [item.longitude, item.latitude] }, projection) as {
    cx: number
    cy: number
  }
  return {
    width: projection.width,
    height: projection.height,
    outline: outline.map((geometry) => (drawGeometry(geometry, projection) as { d: string }).d),
    point,
    latitude: item.latitude,
    longitude: item.longitude,
  }
}
