import fsp from 'node:fs/promises'
import { DOMParser } from '@xmldom/xmldom'
import { gpx, kml } from '@tmcw/togeojson'
import { validationError } from '~/utils/http.server'
import type { StagedFile } from '~/utils/upload-pipeline.server'
import type { MapKind } from '~/lib/map-drawing'
import type { Actor } from '~/models/accounts/activity.server'
import { DESCRIPTION_MAX, NAME_MAX, getLayer, writeImportedFeatures } from './map.server'
import { checkGeometry, type CheckedGeometry } from './map-geometry.server'

/**
 * `POST /api/admin/map/import` (docs/api.md "Village map (peta desa)"; docs/decisions/080-village-map-drawing-and-import.md):
 * a GeoJSON, KML or GPX file of at most 10 MB, told by its content (never by its name). Each feature is judged as the
 * API judges one (map-geometry.server.ts) and skipped with its reason; the rest are written in one transaction. A file
 * of none of the three formats is a 422 on `File` and imports nothing. XML is parsed with no DOCTYPE at all: a file
 * declaring one (the way to an external entity or an entity bomb) is refused before parsing.
 */

const NOT_A_MAP = 'File must be a GeoJSON, KML or GPX file'

type Candidate = { name: unknown; description: unknown; geometry: unknown; html: boolean }

const refuseFile = (message = NOT_A_MAP): never => {
  throw validationError({ File: message })
}

/** The features of a GeoJSON text, or a refusal. */
function geoJsonCandidates(text: string): Candidate[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return refuseFile()
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return refuseFile()
  const root = parsed as { type?: unknown; features?: unknown; geometry?: unknown; properties?: unknown }
  const fromFeature = (feature: unknown): Candidate => {
    const { geometry, properties } = (typeof feature === 'object' && feature !== null ? feature : {}) as {
      geometry?: unknown
      properties?: unknown
    }
    const props = (typeof properties === 'object' && properties !== null ? properties : {}) as Record<string, unknown>
    return {
      name: props.name ?? props.nama ?? props.title,
      description: props.description ?? props.keterangan,
      geometry,
      html: false,
    }
  }
  if (root.type === 'FeatureCollection' && Array.isArray(root.features)) return root.features.map(fromFeature)
  if (root.type === 'Feature') return [fromFeature(root)]
  if (typeof root.type === 'string' && 'coordinates' in root)
    return [{ name: undefined, description: undefined, geometry: root, html: false }]
  return refuseFile()
}

/** The features of a KML or GPX text, or a refusal. */
function xmlCandidates(text: string): Candidate[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) refuseFile('File may not declare a DOCTYPE or entities')
  let document: ReturnType<DOMParser['parseFromString']>
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message)
      },
    }).parseFromString(text, 'text/xml')
  } catch {
    return refuseFile()
  }
  const root = document.documentElement?.localName
  const convert = root === 'kml' ? kml : root === 'gpx' ? gpx : null
  if (!convert) return refuseFile()
  const collection = convert(document as unknown as Document)
  return collection.features.map((feature) => ({
    name: feature.properties?.name,
    description: feature.properties?.description ?? feature.properties?.desc,
    geometry: feature.geometry,
    html: true,
  }))
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** A KML or GPX description is HTML by custom: it becomes plain text (scripts and styles dropped, tags removed). */
function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<br\s*\/?>|<\/p>|<\/div>|<\/li>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10)
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : ''
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim()
}

const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  // togeojson gives a typed description as {"@type": "html", value}.
  if (typeof value === 'object' && value !== null && typeof (value as { value?: unknown }).value === 'string')
    return (value as { value: string }).value
  return ''
}

/** A KML MultiGeometry of one family becomes its Multi* geometry; anything else stays as it is. */
function flattened(geometry: unknown): unknown {
  const collection = geometry as { type?: string; geometries?: { type: string; coordinates: unknown }[] }
  if (collection?.type !== 'GeometryCollection' || !Array.isArray(collection.geometries)) return geometry
  const parts = collection.geometries
  if (parts.length && parts.every((part) => part.type === 'Polygon'))
    return { type: 'MultiPolygon', coordinates: parts.map((part) => part.coordinates) }
  if (parts.length && parts.every((part) => part.type === 'LineString'))
    return { type: 'MultiLineString', coordinates: parts.map((part) => part.coordinates) }
  if (parts.length === 1) return parts[0]
  return geometry
}

export type ImportResult = { imported: number; skipped: { index: number; reason: string }[] }

export async function importMapFile(
  layerId: unknown,
  file: StagedFile | undefined,
  actor: Actor,
): Promise<ImportResult> {
  const id = typeof layerId === 'string' && /^\d+$/.test(layerId.trim()) ? Number(layerId) : layerId
  if (typeof id !== 'number' || !Number.isInteger(id)) throw validationError({ Layer_id: 'Layer_id is required' })
  const layer = await getLayer(id).catch(() => refuseLayer())
  if (!file) throw validationError({ File: 'File is required' })
  const bytes = await fsp.readFile(file.tempPath)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    return refuseFile()
  }
  const head = text.trimStart()[0]
  const candidates = head === '{' ? geoJsonCandidates(text) : head === '<' ? xmlCandidates(text) : refuseFile()

  const rows: { name: string; description: string; checked: CheckedGeometry }[] = []
  const skipped: ImportResult['skipped'] = []
  candidates.forEach((candidate, index) => {
    if (candidate.geometry === null || candidate.geometry === undefined) {
      skipped.push({ index, reason: 'Feature has no geometry' })
      return
    }
    const verdict = checkGeometry(flattened(candidate.geometry), layer.kind as MapKind)
    if (!verdict.ok) {
      skipped.push({ index, reason: verdict.reason })
      return
    }
    // A name is text in every format (KML's and GPX's too); only descriptions are HTML by custom.
    const name = textOf(candidate.name).replace(/\s+/g, ' ').trim().slice(0, NAME_MAX) || `Fitur ${index + 1}`
    const rawDescription = textOf(candidate.description)
    const description = (candidate.html ? htmlToText(rawDescription) : rawDescription.trim()).slice(0, DESCRIPTION_MAX)
    rows.push({ name, description, checked: verdict.ok })
  })
  const imported = await writeImportedFeatures(layer.id, rows, actor)
  return { imported, skipped }
}

const refuseLayer = (): never => {
  throw validationError({ Layer_id: 'Layer_id is not a layer' })
}
