import type { LoaderFunctionArgs } from '@remix-run/node'
import { siteIdentity } from '~/models/site/site-identity.server'
import { atRegency } from '~/models/regency/villages.server'
import {
  dcatCatalog,
  oneRegencyDataset,
  oneVillageDataset,
  openData,
  regencyDatasetCsv,
  regencyDatasetJson,
  regencyDatasetPath,
  villageDatasetCsv,
  villageDatasetJson,
  villageDatasetPath,
} from '~/models/regency/open-data.server'
import { notFoundResponse } from '~/utils/http.server'

/**
 * The regency's open data at its host (docs/api.md "The regency's data"): `/data` (heading `Data Terbuka`), the
 * downloads of each dataset as CSV and JSON, and `/data/catalog.json` (DCAT-AP as JSON-LD). At a village's host these
 * addresses do not exist (404). The response cache keeps each answer until a village writes (decision 081).
 */

const plain404 = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } })

/** `/data`: the regency datasets (with the villages left out named) and each village's datasets. */
export async function openDataLoader() {
  if (!atRegency()) throw notFoundResponse()
  const data = await openData()
  return {
    regency: data.regency.map((dataset) => ({
      slug: dataset.slug,
      title: dataset.title,
      unit: dataset.unit,
      columns: dataset.columns,
      villages: dataset.villages.length,
      leftOut: dataset.left_out.map((village) => village.name),
      csv: regencyDatasetPath(dataset.slug, 'csv'),
      json: regencyDatasetPath(dataset.slug, 'json'),
    })),
    villages: data.villages
      .filter(({ datasets }) => datasets.length > 0)
      .map(({ village, datasets }) => ({
        slug: village.slug,
        name: village.name,
        kecamatan: village.kecamatan,
        kode_wilayah: village.kode_wilayah,
        datasets: datasets.map((dataset) => ({
          slug: dataset.slug,
          title: dataset.title,
          year: dataset.year,
          csv: villageDatasetPath(village, dataset.slug, 'csv'),
          json: villageDatasetPath(village, dataset.slug, 'json'),
        })),
      })),
  }
}

/** `file` as `{slug}.csv` or `{slug}.json`. */
function fileOf(file: string | undefined) {
  const match = /^(.+)\.(csv|json)$/.exec(file ?? '')
  return match ? { slug: match[1], format: match[2] as 'csv' | 'json' } : undefined
}

function download(body: string | object, format: 'csv' | 'json', name: string) {
  const csv = format === 'csv'
  return new Response(csv ? (body as string) : JSON.stringify(body, null, 2), {
    headers: {
      'Content-Type': csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      ...(csv ? { 'Content-Disposition': `attachment; filename="${name}.csv"` } : {}),
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
    },
  })
}

/** `/data/desa/{village}/{slug}.csv|json`: one village's dataset. */
export async function villageDatasetLoader({ params }: LoaderFunctionArgs) {
  if (!atRegency()) throw notFoundResponse()
  const file = fileOf(params.file)
  const found = file && (await oneVillageDataset(params.village ?? '', file.slug))
  if (!file || !found) return plain404()
  const name = `${found.village.slug}-${found.dataset.slug}`
  return download(file.format === 'csv' ? villageDatasetCsv(found) : villageDatasetJson(found), file.format, name)
}

/** `/data/kabupaten/{slug}.csv|json`: a regency dataset (one row per village and per kecamatan). */
export async function regencyDatasetLoader({ params }: LoaderFunctionArgs) {
  if (!atRegency()) throw notFoundResponse()
  const file = fileOf(params.file)
  const found = file && (await oneRegencyDataset(file.slug))
  if (!file || !found) return plain404()
  return download(
    file.format === 'csv' ? regencyDatasetCsv(found) : regencyDatasetJson(found),
    file.format,
    `kabupaten-${found.slug}`,
  )
}

/** `/data/catalog.json`: DCAT-AP as JSON-LD. */
export async function catalogLoader({ request }: LoaderFunctionArgs) {
  if (!atRegency()) throw notFoundResponse()
  const [identity, data] = await Promise.all([siteIdentity(request), openData()])
  return new Response(JSON.stringify(dcatCatalog(data, identity.url.replace(/\/$/, ''), identity.name), null, 2), {
    headers: {
      'Content-Type': 'application/ld+json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
    },
  })
}
