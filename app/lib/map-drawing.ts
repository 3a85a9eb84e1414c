/**
 * The village map drawn without scripts (docs/decisions/080-village-map-drawing-and-import.md): an equirectangular
 * projection scaled by the cosine of the middle latitude, so a village (a few kilometres) keeps its shape, into an
 * SVG `viewBox` of `WIDTH` units. The server turns every feature into path data once; the page only prints it.
 */

export const MAP_KINDS = ['area', 'point', 'line'] as const
export type MapKind = (typeof MAP_KINDS)[number]

export type BBox = [west: number, south: number, east: number, north: number]

type Position = number[]
export type DrawnGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] }

export const SVG_WIDTH = 1000

export type Projection = { width: number; height: number; x: (lon: number) => number; y: (lat: number) => number }

/** The projection of a bounding box (a margin of 4% each side; a single point gets a box of about 400 m). */
export function projectionOf([west, south, east, north]: BBox): Projection {
  const pad = Math.max(east - west, north - south, 0.004) * 0.04
  const w = west - pad
  const e = Math.max(east, west + 0.004) + pad
  const s = south - pad
  const n = Math.max(north, south + 0.004) + pad
  const cos = Math.cos((((s + n) / 2) * Math.PI) / 180) || 1
  const scale = SVG_WIDTH / ((e - w) * cos)
  const height = Math.max(1, Math.round((n - s) * scale))
  return { width: SVG_WIDTH, height, x: (lon) => (lon - w) * cos * scale, y: (lat) => (n - lat) * scale }
}

const num = (value: number) => String(Math.round(value * 10) / 10)

const ringPath = (ring: Position[], p: Projection, close: boolean) =>
  ring.map(([lon, lat], i) => `${i ? 'L' : 'M'}${num(p.x(lon))} ${num(p.y(lat))}`).join('') + (close ? 'Z' : '')

/** SVG path data of a line or an area; a point's centre as [x, y]. */
export function drawGeometry(geometry: DrawnGeometry, p: Projection): { d: string } | { cx: number; cy: number } {
  switch (geometry.type) {
    case 'Point':
      return {
        cx: Math.round(p.x(geometry.coordinates[0]) * 10) / 10,
        cy: Math.round(p.y(geometry.coordinates[1]) * 10) / 10,
      }
    case 'LineString':
      return { d: ringPath(geometry.coordinates, p, false) }
    case 'MultiLineString':
      return { d: geometry.coordinates.map((line) => ringPath(line, p, false)).join('') }
    case 'Polygon':
      return { d: geometry.coordinates.map((ring) => ringPath(ring, p, true)).join('') }
    case 'MultiPolygon':
      return { d: geometry.coordinates.flatMap((polygon) => polygon.map((ring) => ringPath(ring, p, true))).join('') }
  }
}

/** The union of boxes, or null when there is none. */
export function unionBox(boxes: BBox[]): BBox | null {
  if (!boxes.length) return null
  return boxes.reduce((a, b) => [
    Math.min(a[0], b[0]),
    Math.min(a[1], b[1]),
    Math.max(a[2], b[2]),
    Math.max(a[3], b[3]),
  ])
}

/** The automatic layers of docs/api.md: the items that have a location. */
export const AUTOMATIC_LAYERS = [
  { name: 'Pembangunan', slug: 'pembangunan', color: '#c2410c' },
  { name: 'Produk', slug: 'produk', color: '#0369a1' },
  { name: 'Agenda', slug: 'agenda', color: '#a16207' },
] as const
export type AutomaticSlug = (typeof AUTOMATIC_LAYERS)[number]['slug']

/** A colour the map may print: `#rrggbb`. */
export const COLOR_PATTERN = /^#[0-9a-f]{6}$/i

/** Square metres as a villager reads them: hectares above one. */
export function formatArea(m2: number): string {
  return m2 >= 10_000
    ? `${(m2 / 10_000).toLocaleString('id-ID', { maximumFractionDigits: 2 })} ha`
    : `${Math.round(m2).toLocaleString('id-ID')} m²`
}
export function formatLength(m: number): string {
  return m >= 1000
    ? `${(m / 1000).toLocaleString('id-ID', { maximumFractionDigits: 2 })} km`
    : `${Math.round(m).toLocaleString('id-ID')} m`
}
