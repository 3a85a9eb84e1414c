import geodesic from 'geographiclib-geodesic'
import kinks from '@turf/kinks'
import type { LineString, MultiLineString, MultiPolygon, Point, Polygon, Position } from 'geojson'
import { MAP_KINDS, type MapKind } from '~/lib/map-drawing'

/**
 * The geometry of a map feature (docs/api.md "Village map (peta desa)"): checked against its layer's kind, and
 * measured on the WGS84 ellipsoid with GeographicLib (docs/decisions/079-village-map-libraries.md). One judge for the
 * API's writes (a refusal is the 422 on `Geometry`) and the import (a refusal is a skipped feature with its reason).
 */

export type MapGeometry = Point | LineString | MultiLineString | Polygon | MultiPolygon

/** What a feature of each kind may be. */
export const KIND_TYPES: Record<MapKind, readonly MapGeometry['type'][]> = {
  area: ['Polygon', 'MultiPolygon'],
  point: ['Point'],
  line: ['LineString', 'MultiLineString'],
}

export const MAX_VERTICES = 50_000

export type CheckedGeometry = {
  geometry: MapGeometry
  west: number
  south: number
  east: number
  north: number
  vertices: number
  area_m2: number | null
  length_m: number | null
}

export type GeometryVerdict = { ok: CheckedGeometry; reason?: undefined } | { ok?: undefined; reason: string }

class Refused extends Error {}
const refuse = (reason: string): never => {
  throw new Refused(reason)
}

const WGS84 = geodesic.Geodesic.WGS84
/** Seven decimals of a degree: about a centimetre, finer than any village survey. */
const round = (value: number) => Math.round(value * 1e7) / 1e7

/**
 * Walks the nesting a type has (0 for a position, 1 for a list of positions...) and returns the positions made 2D and
 * rounded, counting the vertices against the limit before anything costly runs.
 */
function positions(value: unknown, depth: number, counter: { n: number }): unknown {
  if (!Array.isArray(value)) return refuse('Geometry coordinates are not a GeoJSON coordinate array')
  if (depth === 0) {
    if (value.length < 2 || value.length > 3 || !value.every((n) => typeof n === 'number' && Number.isFinite(n)))
      refuse('A position must be [longitude, latitude] numbers')
    const [lon, lat] = value as number[]
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90)
      refuse('Coordinate outside -180..180 (longitude) / -90..90 (latitude)')
    if (++counter.n > MAX_VERTICES) refuse(`More than ${MAX_VERTICES.toLocaleString('en')} vertices`)
    return [round(lon), round(lat)]
  }
  return value.map((item) => positions(item, depth - 1, counter))
}

const DEPTH: Record<MapGeometry['type'], number> = {
  Point: 0,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
}

const samePosition = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1]

function ringArea(ring: Position[]): number {
  const polygon = WGS84.Polygon(false)
  for (const [lon, lat] of ring.slice(0, -1)) polygon.AddPoint(lat, lon)
  return Math.abs(polygon.Compute(false, true).area ?? 0)
}

function lineLength(line: Position[]): number {
  const polyline = WGS84.Polygon(true)
  for (const [lon, lat] of line) polyline.AddPoint(lat, lon)
  return polyline.Compute(false, true).perimeter
}

/** The geometry's verdict for a layer of `kind`: the normalised geometry with its measures, or why it is refused. */
export function checkGeometry(value: unknown, kind: MapKind): GeometryVerdict {
  try {
    return { ok: judge(value, kind) }
  } catch (error) {
    if (error instanceof Refused) return { reason: error.message }
    throw error
  }
}

function judge(value: unknown, kind: MapKind): CheckedGeometry {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    refuse('Geometry must be a GeoJSON geometry object')
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown }
  if (typeof type !== 'string' || !(type in DEPTH))
    refuse(
      type === 'GeometryCollection'
        ? 'A GeometryCollection is not taken: one geometry a feature'
        : 'Geometry must be a GeoJSON Point, LineString, MultiLineString, Polygon or MultiPolygon',
    )
  const geometryType = type as MapGeometry['type']
  if (!KIND_TYPES[kind].includes(geometryType))
    refuse(`A ${geometryType} does not belong on a layer of kind ${kind} (${KIND_TYPES[kind].join(' or ')})`)
  const counter = { n: 0 }
  const coords = positions(coordinates, DEPTH[geometryType], counter)
  const geometry = { type: geometryType, coordinates: coords } as MapGeometry

  const lines: Position[][] =
    geometry.type === 'LineString'
      ? [geometry.coordinates]
      : geometry.type === 'MultiLineString'
        ? geometry.coordinates
        : []
  const polygons: Position[][][] =
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : []
  if (geometry.type === 'MultiLineString' && !lines.length) refuse('A MultiLineString needs at least one line')
  if (geometry.type === 'MultiPolygon' && !polygons.length) refuse('A MultiPolygon needs at least one polygon')
  for (const line of lines) if (line.length < 2) refuse('A line needs at least two positions')
  for (const polygon of polygons) {
    if (!polygon.length) refuse('A polygon needs an outer ring')
    for (const ring of polygon) {
      if (ring.length < 4 || !samePosition(ring[0], ring[ring.length - 1]))
        refuse('Unclosed ring: a ring needs four or more positions, the last equal to the first')
    }
    if (kinks({ type: 'Polygon', coordinates: polygon }).features.length) refuse('Self-crossing ring')
  }

  let west = Infinity
  let south = Infinity
  let east = -Infinity
  let north = -Infinity
  const extend = ([lon, lat]: Position) => {
    if (lon < west) west = lon
    if (lon > east) east = lon
    if (lat < south) south = lat
    if (lat > north) north = lat
  }
  if (geometry.type === 'Point') extend(geometry.coordinates)
  for (const line of lines) line.forEach(extend)
  for (const polygon of polygons) polygon[0].forEach(extend)

  const area_m2 = polygons.length
    ? round2(
        polygons.reduce(
          (sum, [outer, ...holes]) => sum + ringArea(outer) - holes.reduce((inner, hole) => inner + ringArea(hole), 0),
          0,
        ),
      )
    : null
  const length_m = lines.length ? round2(lines.reduce((sum, line) => sum + lineLength(line), 0)) : null
  return { geometry, west, south, east, north, vertices: counter.n, area_m2, length_m }
}

const round2 = (value: number) => Math.round(value * 100) / 100

export const isMapKind = (value: unknown): value is MapKind => MAP_KINDS.includes(value as MapKind)
