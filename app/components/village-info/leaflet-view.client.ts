import L from 'leaflet'
import 'leaflet/dist/leaflet.css'

/**
 * The interactive map (Leaflet on OpenStreetMap tiles; docs/decisions/079-village-map-libraries.md), loaded by a
 * dynamic import from the map screens only, so no other page carries it. Every name and description reaches the page
 * as text (`textContent`), never as markup; a link goes only to an address of this site.
 */

export type LayerInfo = { name: string; slug: string; kind: 'area' | 'point' | 'line'; color: string; file: string }
type Bbox = [number, number, number, number]

const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'

const boundsOf = ([w, s, e, n]: Bbox) => L.latLngBounds([s, w], [n, e])

function baseMap(element: HTMLElement, bbox: Bbox, onTilesFail?: () => void): L.Map {
  const map = L.map(element, { scrollWheelZoom: false })
  map.fitBounds(boundsOf(bbox), { padding: [12, 12] })
  let failed = false
  L.tileLayer(TILES, { maxZoom: 19, attribution: ATTRIBUTION })
    .on('tileerror', () => {
      if (!failed) onTilesFail?.()
      failed = true
    })
    .addTo(map)
  return map
}

/** The popup of a feature: its name, description, photo (alt: its name) and (automatic layers) a link to its page. */
function popupOf(properties: { name?: unknown; description?: unknown; url?: unknown; image?: unknown }): HTMLElement {
  const box = document.createElement('div')
  const name = document.createElement('strong')
  name.textContent = String(properties.name ?? '')
  box.append(name)
  if (typeof properties.description === 'string' && properties.description) {
    const text = document.createElement('p')
    text.style.margin = '4px 0 0'
    text.style.whiteSpace = 'pre-line'
    text.textContent = properties.description
    box.append(text)
  }
  // Only this site's own uploads (a layer file is the village's, but its text is still never trusted as markup).
  if (typeof properties.image === 'string' && /^\/uploads\/maps\/[A-Za-z0-9._%-]+$/.test(properties.image)) {
    const image = document.createElement('img')
    image.src = properties.image
    image.alt = String(properties.name ?? '')
    image.loading = 'lazy'
    image.style.display = 'block'
    image.style.maxWidth = '220px'
    image.style.maxHeight = '160px'
    image.style.marginTop = '4px'
    box.append(image)
  }
  const url = typeof properties.url === 'string' ? properties.url : ''
  if ((url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//.test(url)) {
    const link = document.createElement('a')
    link.href = url
    link.textContent = 'Lihat halaman'
    link.style.display = 'block'
    link.style.marginTop = '4px'
    box.append(link)
  }
  return box
}

const styleOf = (layer: LayerInfo) => ({
  color: layer.color,
  weight: layer.kind === 'line' ? 4 : 2,
  fillOpacity: layer.kind === 'area' ? 0.12 : 0,
})

/** `/peta`: every public layer (its GeoJSON file), a layer switcher, a legend and popups. */
export function mountPublicMap(
  element: HTMLElement,
  bbox: Bbox,
  layers: LayerInfo[],
  onTilesFail?: () => void,
): () => void {
  const map = baseMap(element, bbox, onTilesFail)
  const switcher = L.control.layers(undefined, undefined, { collapsed: window.innerWidth < 640 }).addTo(map)
  const legend = new L.Control({ position: 'bottomleft' })
  legend.onAdd = () => {
    const box = L.DomUtil.create('div', 'leaflet-bar')
    box.style.background = '#fff'
    box.style.padding = '6px 8px'
    box.style.fontSize = '12px'
    for (const layer of layers) {
      const row = document.createElement('div')
      const swatch = document.createElement('span')
      swatch.style.cssText = `display:inline-block;width:10px;height:10px;margin-right:6px;background:${layer.color}`
      row.append(swatch, document.createTextNode(layer.name))
      box.append(row)
    }
    return box
  }
  legend.addTo(map)
  let gone = false
  for (const layer of layers) {
    fetch(layer.file)
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((collection) => {
        if (!collection || gone) return
        const overlay = L.geoJSON(collection, {
          style: () => styleOf(layer),
          pointToLayer: (_feature, at) =>
            L.circleMarker(at, { radius: 7, color: '#fff', weight: 2, fillColor: layer.color, fillOpacity: 1 }),
          onEachFeature: (feature, shape) => shape.bindPopup(() => popupOf(feature.properties ?? {})),
        }).addTo(map)
        switcher.addOverlay(overlay, layer.name)
      })
      .catch(() => undefined)
  }
  return () => {
    gone = true
    map.remove()
  }
}

type Geometry = { type: string; coordinates: unknown }

/**
 * The admin's drawing map: the village's features for reference, the edited geometry drawn, and a click adding a
 * point (a point layer) or the next vertex (a line or an area; an area's ring is closed when saved). `onChange`
 * receives the geometry (or null when it has no vertex yet).
 */
export function mountEditor(
  element: HTMLElement,
  bbox: Bbox,
  kind: 'area' | 'point' | 'line',
  initial: Geometry | null,
  onChange: (geometry: Geometry | null) => void,
): { undo(): void; clear(): void; remove(): void } {
  const map = baseMap(element, bbox)
  for (const slug of ['batas-desa', 'batas-dusun']) {
    fetch(`/api/public/map/layers/${slug}.geojson`)
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((collection) => {
        if (collection)
          L.geoJSON(collection, {
            style: { color: '#6b7280', weight: 1, fillOpacity: 0.03 },
            interactive: false,
          }).addTo(map)
      })
      .catch(() => undefined)
  }
  let vertices: [number, number][] = []
  if (initial?.type === 'Point') vertices = [initial.coordinates as [number, number]]
  if (initial?.type === 'LineString') vertices = [...(initial.coordinates as [number, number][])]
  if (initial?.type === 'Polygon') vertices = (initial.coordinates as [number, number][][])[0].slice(0, -1)
  const drawn = L.layerGroup().addTo(map)
  const geometry = (): Geometry | null => {
    if (!vertices.length) return null
    if (kind === 'point') return { type: 'Point', coordinates: vertices[vertices.length - 1] }
    if (kind === 'line') return { type: 'LineString', coordinates: vertices }
    return { type: 'Polygon', coordinates: [[...vertices, vertices[0]]] }
  }
  const redraw = () => {
    drawn.clearLayers()
    const latLngs = vertices.map(([lon, lat]) => L.latLng(lat, lon))
    if (kind === 'area' && latLngs.length > 2) L.polygon(latLngs, { color: '#dc2626' }).addTo(drawn)
    else if (kind !== 'point' && latLngs.length > 1) L.polyline(latLngs, { color: '#dc2626' }).addTo(drawn)
    for (const at of kind === 'point' ? latLngs.slice(-1) : latLngs)
      L.circleMarker(at, { radius: 5, color: '#dc2626', fillOpacity: 1 }).addTo(drawn)
    onChange(geometry())
  }
  map.on('click', (event: L.LeafletMouseEvent) => {
    const at: [number, number] = [Math.round(event.latlng.lng * 1e7) / 1e7, Math.round(event.latlng.lat * 1e7) / 1e7]
    vertices = kind === 'point' ? [at] : [...vertices, at]
    redraw()
  })
  if (vertices.length) {
    drawn.clearLayers()
    redraw()
  }
  return {
    undo() {
      vertices = vertices.slice(0, -1)
      redraw()
    },
    clear() {
      vertices = []
      redraw()
    },
    remove() {
      map.remove()
    },
  }
}

/** The location picker of a project's, product's or event's form: a click sets the two number fields. */
export function mountPicker(
  element: HTMLElement,
  bbox: Bbox,
  start: { latitude: number; longitude: number } | null,
  onPick: (latitude: number, longitude: number) => void,
): () => void {
  const map = baseMap(element, bbox)
  let marker: L.CircleMarker | null = null
  const place = (lat: number, lng: number) => {
    marker?.remove()
    marker = L.circleMarker([lat, lng], { radius: 7, color: '#dc2626', fillOpacity: 1 }).addTo(map)
  }
  if (start) {
    place(start.latitude, start.longitude)
    map.setView([start.latitude, start.longitude], Math.max(map.getZoom(), 15))
  }
  map.on('click', (event: L.LeafletMouseEvent) => {
    const lat = Math.round(event.latlng.lat * 1e6) / 1e6
    const lng = Math.round(event.latlng.lng * 1e6) / 1e6
    place(lat, lng)
    onPick(lat, lng)
  })
  return () => map.remove()
}
