import geodesic from 'geographiclib-geodesic'
import intersect from '@turf/intersect'
import { featureCollection, feature } from '@turf/helpers'
import type { MultiPolygon, Polygon, Position } from 'geojson'
import { allVillages, inVillage, scopeOf, villagesVersion } from '~/models/regency/villages.server'
import { remembered } from '~/models/regency/regency-figures.server'
import { villageOrigin } from '~/models/regency/regency.server'
import { eachAtMost } from '~/models/regency/regency-figures.server'
import { publicLayerFeatures } from '~/models/village-info/map.server'

/**
 * The regency's map (docs/api.md "Village map (peta desa)", Regency): every active village's `batas-desa` features,
 * each read in the village's own database (its read memo keeps them until it writes), and the console's checks:
 * villages without a boundary, and pairs whose boundaries overlap by more than 1,000 m² (intersection by
 * @turf/intersect, its area on the WGS84 ellipsoid by GeographicLib).
 */

export const OVERLAP_LIMIT_M2 = 1000

type Area = Polygon | MultiPolygon
export type VillageBoundary = { slug: string; name: string; url: string; areas: Area[] }

/**
 * Kept whole per `villagesVersion()` and origin as the portal's other reads are (decision 081): a burst of requests
 * for the portal's `/peta`, its GeoJSON or the console after a village's write reads each village once (single flight).
 */
const boundaryReads = new Map<string, Promise<VillageBoundary[]>>()

export const villageBoundaries = (regencyUrl: URL): Promise<VillageBoundary[]> =>
  remembered(boundaryReads, `${villagesVersion()}|${regencyUrl.origin}`, () => readBoundaries(regencyUrl))

async function readBoundaries(regencyUrl: URL): Promise<VillageBoundary[]> {
  const villages = allVillages()
    .filter((village) => village.status === 'active')
    .sort((one, other) => one.name.localeCompare(other.name, 'id') || one.slug.localeCompare(other.slug))
  return eachAtMost(villages, 8, (village) =>
    inVillage(scopeOf(village), async () => {
      const layer = await publicLayerFeatures('batas-desa')
      const areas = (layer?.features ?? [])
        .map((item) => item.geometry)
        .filter((geometry): geometry is Area => geometry.type === 'Polygon' || geometry.type === 'MultiPolygon')
      return { slug: village.slug, name: village.name, url: `${villageOrigin(village.slug, regencyUrl)}/`, areas }
    }),
  )
}

/** `GET /api/regency/public/map.geojson`: one FeatureCollection, each feature's properties `{slug, name, url}`. */
export function boundariesGeoJson(boundaries: VillageBoundary[]): string {
  const parts = boundaries.flatMap((village) =>
    village.areas.map((geometry) =>
      JSON.stringify({
        type: 'Feature',
        geometry,
        properties: { slug: village.slug, name: village.name, url: village.url },
      }),
    ),
  )
  return `{"type":"FeatureCollection","features":[${parts.join(',')}]}`
}

const WGS84 = geodesic.Geodesic.WGS84

function ringArea(ring: Position[]): number {
  const polygon = WGS84.Polygon(false)
  for (const [lon, lat] of ring.slice(0, -1)) polygon.AddPoint(lat, lon)
  return Math.abs(polygon.Compute(false, true).area ?? 0)
}

const areaOf = (geometry: Area) =>
  (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).reduce(
    (sum, [outer, ...holes]) => sum + ringArea(outer) - holes.reduce((inner, hole) => inner + ringArea(hole), 0),
    0,
  )

const boxOf = (areas: Area[]) => {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const geometry of areas)
    for (const polygon of geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates)
      for (const [lon, lat] of polygon[0]) {
        w = Math.min(w, lon)
        e = Math.max(e, lon)
        s = Math.min(s, lat)
        n = Math.max(n, lat)
      }
  return [w, s, e, n]
}

export type Overlap = { a: { slug: string; name: string }; b: { slug: string; name: string }; area_m2: number }

/** The console's checks: the villages without a boundary and each pair overlapping by more than 1,000 m². */
export function boundaryChecks(boundaries: VillageBoundary[]): {
  missing: { slug: string; name: string }[]
  overlaps: Overlap[]
} {
  const missing = boundaries.filter((village) => !village.areas.length).map(({ slug, name }) => ({ slug, name }))
  const drawn = boundaries
    .filter((village) => village.areas.length)
    .map((village) => ({ village, box: boxOf(village.areas) }))
  const overlaps: Overlap[] = []
  for (let i = 0; i < drawn.length; i++)
    for (let j = i + 1; j < drawn.length; j++) {
      const [one, other] = [drawn[i], drawn[j]]
      if (
        one.box[0] > other.box[2] ||
        other.box[0] > one.box[2] ||
        one.box[1] > other.box[3] ||
        other.box[1] > one.box[3]
      )
        continue
      let area = 0
      for (const first of one.village.areas)
        for (const second of other.village.areas) {
          const common = intersect(featureCollection([feature(first), feature(second)]))
          if (common) area += areaOf(common.geometry as Area)
        }
      if (area > OVERLAP_LIMIT_M2)
        overlaps.push({
          a: { slug: one.village.slug, name: one.village.name },
          b: { slug: other.village.slug, name: other.village.name },
          area_m2: Math.round(area),
        })
    }
  return { missing, overlaps }
}
