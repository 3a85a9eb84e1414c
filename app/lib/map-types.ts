/** What the map screens receive from their loaders (app/doors/village-info/map-pages.server.ts). */
export type DrawnFeature = {
  id: number
  name: string
  description: string
  url: string | null
  /** The feature's photo, a stored name of the `maps` uploads (none on automatic layers and the portal). */
  image: string | null
  measure: string | null
  shape: { d: string } | { cx: number; cy: number }
}
export type DrawnLayer = {
  name: string
  slug: string
  kind: 'area' | 'point' | 'line'
  color: string
  count: number
  /** The GeoJSON file the interactive map draws. */
  file: string
  features: DrawnFeature[]
}
export type MapPageData = {
  bbox: [number, number, number, number]
  width: number
  height: number
  layers: DrawnLayer[]
}
export type SmallMapData = {
  width: number
  height: number
  outline: string[]
  point: { cx: number; cy: number }
  latitude: number
  longitude: number
}
export type FieldErrors = Record<string, string>
/** A map feature's own fields as stored: the geometry is its GeoJSON text, the measures in metres. */
export type StoredFeature = {
  id: number
  name: string
  description: string
  geometry: string
  image: string | null
  area_m2: number | null
  length_m: number | null
}
