import { prisma } from '~/utils/db.server'
import type { MapKind } from '~/lib/map-drawing'
import { checkGeometry } from './map-geometry.server'

/**
 * The demo village on its map (docs/api.md "Village map (peta desa)"): a boundary, three dusun and twelve public
 * places, around the demo's development projects (near Bandung, -6.92, 107.62), and a location for some of its
 * products and events. Written inside the seed's write (app/models/site/seed.server.ts), into the seeded layers.
 */

type Ring = [number, number][]

const BOUNDARY: Ring = [
  [107.6062, -6.9068],
  [107.6148, -6.9041],
  [107.6236, -6.9052],
  [107.6318, -6.9079],
  [107.6371, -6.9135],
  [107.6362, -6.9208],
  [107.634, -6.9231],
  [107.6301, -6.9271],
  [107.6212, -6.9296],
  [107.612, -6.9283],
  [107.6058, -6.923],
  [107.6053, -6.9205],
  [107.6041, -6.915],
  [107.6062, -6.9068],
]

/** The corners inside the village where the three dusun meet, north to south; their outer edges are the boundary's. */
const INNER: Ring = [
  [107.6225, -6.915],
  [107.6215, -6.9205],
  [107.624, -6.923],
]

const DUSUN: { name: string; description: string; ring: Ring }[] = [
  {
    name: 'Dusun Krajan',
    description: 'Pusat desa: kantor desa, masjid jami, pasar dan lapangan. RW 01.',
    ring: [...BOUNDARY.slice(0, 3), INNER[0], INNER[1], ...BOUNDARY.slice(11)],
  },
  {
    name: 'Dusun Cibeureum',
    description: 'Permukiman dan kebun di sisi timur desa. RW 02.',
    ring: [...BOUNDARY.slice(2, 7), INNER[2], INNER[1], INNER[0], BOUNDARY[2]],
  },
  {
    name: 'Dusun Sukamulya',
    description: 'Hamparan sawah Blok Sawah Tengah dan permukiman di selatan desa. RW 03.',
    ring: [BOUNDARY[11], INNER[1], INNER[2], ...BOUNDARY.slice(6, 12)],
  },
]

const FACILITIES: [name: string, description: string, lon: number, lat: number][] = [
  ['Kantor Desa', 'Pelayanan administrasi warga, Senin sampai Jumat pukul 08.00-15.00.', 107.6172, -6.9128],
  ['Masjid Jami Al-Ikhlas', 'Masjid utama desa.', 107.6181, -6.9119],
  ['SD Negeri 1', 'Sekolah dasar negeri di Dusun Krajan.', 107.6143, -6.9102],
  ['SD Negeri 2', 'Sekolah dasar negeri di Dusun Sukamulya.', 107.6168, -6.9251],
  ['PAUD Melati', 'Pendidikan anak usia dini.', 107.6205, -6.9141],
  ['Posyandu Mawar', 'Penimbangan balita setiap tanggal 10.', 107.6279, -6.9162],
  ['Pustu (Puskesmas Pembantu)', 'Pelayanan kesehatan dasar dan bidan desa.', 107.6158, -6.9166],
  ['Pasar Desa', 'Pasar pagi, ramai hari Senin dan Kamis.', 107.6196, -6.9184],
  ['Lapangan Desa', 'Lapangan sepak bola dan tempat upacara.', 107.6115, -6.9139],
  ['Balai Dusun Cibeureum', 'Tempat musyawarah dusun dan kegiatan warga.', 107.6302, -6.9141],
  ['Madrasah Diniyah Nurul Huda', 'Madrasah sore untuk anak-anak.', 107.6253, -6.9249],
  ['Tempat Pemakaman Umum', 'Makam umum desa.', 107.6318, -6.9219],
]

/** Product and event locations (in the order the demo writes them). */
const PRODUCT_POINTS: [number, number][] = [
  [-6.9122, 107.6129],
  [-6.9238, 107.6221],
  [-6.9159, 107.6296],
]
const EVENT_POINTS: [number, number][] = [
  [-6.9128, 107.6172],
  [-6.9139, 107.6115],
]

export async function seedDemoMap(): Promise<void> {
  const layers = new Map(
    (await prisma.mapLayer.findMany({ select: { id: true, slug: true, kind: true } })).map((l) => [l.slug, l]),
  )
  const add = async (slug: string, name: string, description: string, geometry: unknown) => {
    const layer = layers.get(slug)
    if (!layer) return
    const verdict = checkGeometry(geometry, layer.kind as MapKind)
    if (!verdict.ok) throw new Error(`demo map: ${name}: ${verdict.reason}`)
    const { geometry: checked, ...measures } = verdict.ok
    await prisma.mapFeature.create({
      data: { layer_id: layer.id, name, description, geometry: JSON.stringify(checked), ...measures },
    })
  }
  await add('batas-desa', 'Batas Desa', 'Batas wilayah administratif desa.', {
    type: 'Polygon',
    coordinates: [BOUNDARY],
  })
  for (const dusun of DUSUN)
    await add('batas-dusun', dusun.name, dusun.description, { type: 'Polygon', coordinates: [dusun.ring] })
  for (const [name, description, lon, lat] of FACILITIES)
    await add('fasilitas-umum', name, description, { type: 'Point', coordinates: [lon, lat] })

  const products = await prisma.product.findMany({ select: { id: true }, orderBy: { id: 'asc' }, take: 3 })
  for (const [i, product] of products.entries()) {
    const [latitude, longitude] = PRODUCT_POINTS[i]
    await prisma.product.update({ where: { id: product.id }, data: { latitude, longitude } })
  }
  const events = await prisma.event.findMany({ select: { id: true }, orderBy: { id: 'asc' }, take: 2 })
  for (const [i, event] of events.entries()) {
    const [latitude, longitude] = EVENT_POINTS[i]
    await prisma.event.update({ where: { id: event.id }, data: { latitude, longitude } })
  }
}
