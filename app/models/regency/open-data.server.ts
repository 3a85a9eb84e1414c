import { allPublicStatistics, type Statistic } from '~/models/village-info/statistic.server'
import {
  allVillages,
  inVillage,
  scopeOf,
  villageSummaries,
  villagesVersion,
  type Village,
} from '~/models/regency/villages.server'
import { byKecamatan, villageOrigin } from '~/models/regency/regency.server'
import { eachAtMost, nextPublishAt, remembered } from './regency-figures.server'
import { nowMs } from '~/utils/clock.server'
import { log } from '~/utils/error-log.server'
import { csvOf } from '~/lib/csv'

/**
 * The regency's open data (docs/api.md "The regency's data", decision 081): every published statistics dataset of
 * every active village (each read in the village's own scope, through its read memo), and for each dataset slug that
 * several villages publish, a regency dataset: one row per village (its rows summed per column) and one per
 * kecamatan, with the dataset's own columns. A village whose columns differ from the ones most of them share is left
 * out of the sum and named. `/data` shows it, `/data/catalog.json` describes it as DCAT-AP JSON-LD, and each dataset
 * downloads as CSV and JSON.
 */

export type VillageDataset = { village: Village; dataset: Statistic }

export type RegencyDatasetRow = {
  label: string
  level: 'desa' | 'kecamatan'
  kode_wilayah: string | null
  values: number[]
}

export type RegencyDataset = {
  slug: string
  title: string
  unit: string
  columns: string[]
  rows: RegencyDatasetRow[]
  /** The villages summed. */
  villages: Village[]
  /** The villages that publish the slug with other columns: left out of the sum. */
  left_out: Village[]
  modified: string
  /** The first five characters the summed villages' codes share (the regency's code), or null. */
  spatial: string | null
}

export type OpenData = { villages: { village: Village; datasets: Statistic[] }[]; regency: RegencyDataset[] }

/**
 * Each village's published datasets as last read, with the count of its writes they were read at (village_summaries,
 * decision 082) and the next publish time of its datasets: they are the village's while both hold, so a pass over the
 * villages (after any village's write, or when the minute turns) opens only the villages that wrote since.
 */
const datasetsRead = new Map<string, { stamp: number; until: number | null; datasets: Statistic[] }>()

/** Every active village's published datasets, by kecamatan and name. Logs `regency-open-data-read` at `debug`. */
async function villageDatasets() {
  const villages = allVillages()
    .filter((village) => village.status === 'active')
    .sort(byKecamatan)
  // The counts of writes first, before any village is read: never kept under a newer count than what was read.
  const writes = new Map((await villageSummaries()).map((summary) => [summary.village_id, summary.writes]))
  const at = nowMs()
  let read = 0
  const all = await eachAtMost(villages, 8, async (village) => {
    const stamp = writes.get(village.id) ?? 0
    const kept = datasetsRead.get(village.id)
    if (kept && kept.stamp === stamp && (kept.until === null || at < kept.until))
      return { village, datasets: kept.datasets }
    read += 1
    const [datasets, until] = await inVillage(scopeOf(village), () =>
      Promise.all([allPublicStatistics(), nextPublishAt(['statistics'])]),
    )
    datasetsRead.set(village.id, { stamp, until, datasets })
    return { village, datasets }
  })
  // Villages gone or suspended are forgotten.
  const active = new Set(villages.map((village) => village.id))
  for (const id of datasetsRead.keys()) if (!active.has(id)) datasetsRead.delete(id)
  log.debug(
    { event: 'regency-open-data-read', villages: villages.length, read },
    `the open data of ${villages.length} village(s), ${read} read`,
  )
  return all
}

const sumRows = (dataset: Statistic, width: number) =>
  dataset.rows.reduce(
    (sums, row) => sums.map((sum, at) => sum + (row.values[at] ?? 0)),
    new Array<number>(width).fill(0),
  )

/** Numbers summed from decimals: rounded to 6 places, so that 0.1 + 0.2 shows as 0.3. */
const tidy = (value: number) => Math.round(value * 1e6) / 1e6

function regencyDataset(slug: string, entries: VillageDataset[]): RegencyDataset {
  // The columns most villages publish the slug with (the first of those in the list's order on a tie).
  const counts = new Map<string, number>()
  for (const { dataset } of entries) {
    const key = JSON.stringify(dataset.columns)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const [chosen] = [...counts.entries()].reduce((best, next) => (next[1] > best[1] ? next : best))
  const columns = JSON.parse(chosen) as string[]
  const summed = entries.filter(({ dataset }) => JSON.stringify(dataset.columns) === chosen)
  const leftOut = entries.filter(({ dataset }) => JSON.stringify(dataset.columns) !== chosen)
  const rows: RegencyDatasetRow[] = summed.map(({ village, dataset }) => ({
    label: village.name,
    level: 'desa',
    kode_wilayah: village.kode_wilayah,
    values: sumRows(dataset, columns.length).map(tidy),
  }))
  const byKecamatan = new Map<string, { values: number[]; codes: (string | null)[] }>()
  summed.forEach(({ village }, at) => {
    if (!village.kecamatan) return
    const group = byKecamatan.get(village.kecamatan) ?? {
      values: new Array<number>(columns.length).fill(0),
      codes: [] as (string | null)[],
    }
    group.values = group.values.map((sum, column) => sum + rows[at].values[column])
    group.codes.push(village.kode_wilayah)
    byKecamatan.set(village.kecamatan, group)
  })
  for (const [kecamatan, group] of [...byKecamatan.entries()].sort(([one], [other]) => one.localeCompare(other, 'id')))
    rows.push({
      label: `Kecamatan ${kecamatan}`,
      level: 'kecamatan',
      kode_wilayah: sharedPrefix(group.codes, 8),
      values: group.values.map(tidy),
    })
  const first = summed[0].dataset
  const modified = summed
    .map(({ dataset }) => new Date(dataset.updated_at as unknown as string).toISOString())
    .sort()
    .pop()!
  return {
    slug,
    title: first.title,
    unit: first.unit,
    columns,
    rows,
    villages: summed.map(({ village }) => village),
    left_out: leftOut.map(({ village }) => village),
    modified,
    spatial: sharedPrefix(
      summed.map(({ village }) => village.kode_wilayah),
      5,
    ),
  }
}

/** The first `length` characters every code shares (`33.01` of a regency, `33.01.01` of a kecamatan), or null. */
function sharedPrefix(codes: (string | null)[], length: number): string | null {
  const prefixes = new Set(codes.map((code) => code?.slice(0, length) ?? null))
  const [only] = prefixes
  return prefixes.size === 1 && only ? only : null
}

/** The open data of the regency, kept whole while no village changed (villagesVersion; decision 081). */
export const openData = (): Promise<OpenData> => remembered(openDataMemo, String(villagesVersion()), computeOpenData)
const openDataMemo = new Map<string, Promise<OpenData>>()

/** Every active village's datasets, and the regency's datasets. */
async function computeOpenData(): Promise<OpenData> {
  const villages = await villageDatasets()
  const bySlug = new Map<string, VillageDataset[]>()
  for (const { village, datasets } of villages)
    for (const dataset of datasets)
      bySlug.set(dataset.slug, [...(bySlug.get(dataset.slug) ?? []), { village, dataset }])
  const regency = [...bySlug.entries()]
    .filter(([, entries]) => entries.length >= 2)
    .map(([slug, entries]) => regencyDataset(slug, entries))
    // Two villages with other columns each: nothing to sum.
    .filter((dataset) => dataset.villages.length >= 2)
    .sort((one, other) => one.title.localeCompare(other.title, 'id') || one.slug.localeCompare(other.slug))
  return { villages, regency }
}

/** Where a dataset downloads: a village's at `/data/desa/{village}/{slug}`, the regency's at `/data/kabupaten/{slug}`. */
export const villageDatasetPath = (village: Pick<Village, 'slug'>, slug: string, format: 'csv' | 'json') =>
  `/data/desa/${encodeURIComponent(village.slug)}/${encodeURIComponent(slug)}.${format}`
export const regencyDatasetPath = (slug: string, format: 'csv' | 'json') =>
  `/data/kabupaten/${encodeURIComponent(slug)}.${format}`

/** One active village's published dataset, or undefined. */
export async function oneVillageDataset(villageSlug: string, slug: string): Promise<VillageDataset | undefined> {
  const village = allVillages().find((one) => one.slug === villageSlug && one.status === 'active')
  if (!village) return undefined
  const datasets = await inVillage(scopeOf(village), allPublicStatistics)
  const dataset = datasets.find((one) => one.slug === slug)
  return dataset ? { village, dataset } : undefined
}

export const oneRegencyDataset = async (slug: string) => (await openData()).regency.find((one) => one.slug === slug)

/** A village's dataset as CSV: its label column and columns, one line per row (as the village's own download). */
export const villageDatasetCsv = ({ dataset }: VillageDataset) =>
  csvOf([[dataset.label_column, ...dataset.columns], ...dataset.rows.map((row) => [row.label, ...row.values])])

/** A village's dataset as JSON: what the village publishes of it, and the village. */
export const villageDatasetJson = ({ village, dataset }: VillageDataset) => ({
  title: dataset.title,
  slug: dataset.slug,
  category: dataset.category,
  unit: dataset.unit,
  year: dataset.year,
  source: dataset.source,
  village: { slug: village.slug, name: village.name, kecamatan: village.kecamatan, kode_wilayah: village.kode_wilayah },
  label_column: dataset.label_column,
  columns: dataset.columns,
  rows: dataset.rows,
})

/** A regency dataset as CSV: `Wilayah,Tingkat,Kode Wilayah` and the dataset's columns; villages, then kecamatan. */
export const regencyDatasetCsv = (dataset: RegencyDataset) =>
  csvOf([
    ['Wilayah', 'Tingkat', 'Kode Wilayah', ...dataset.columns],
    ...dataset.rows.map((row) => [row.label, row.level, row.kode_wilayah ?? '', ...row.values]),
  ])

export const regencyDatasetJson = (dataset: RegencyDataset) => ({
  title: dataset.title,
  slug: dataset.slug,
  unit: dataset.unit,
  kode_wilayah: dataset.spatial,
  columns: dataset.columns,
  rows: dataset.rows,
  left_out: dataset.left_out.map((village) => ({ slug: village.slug, name: village.name })),
})

/**
 * `/data/catalog.json`: the catalogue as DCAT-AP JSON-LD, one `dcat:Dataset` per village dataset and per regency
 * dataset, each with its two distributions (CSV and JSON). `regencyName` is the regency's site name.
 */
export function dcatCatalog(data: OpenData, origin: string, regencyName: string) {
  const distribution = (path: (format: 'csv' | 'json') => string) => [
    { '@type': 'dcat:Distribution', 'dcat:downloadURL': `${origin}${path('csv')}`, 'dcat:mediaType': 'text/csv' },
    {
      '@type': 'dcat:Distribution',
      'dcat:downloadURL': `${origin}${path('json')}`,
      'dcat:mediaType': 'application/json',
    },
  ]
  const agent = (name: string) => ({ '@type': 'foaf:Agent', 'foaf:name': name })
  const villageEntries = data.villages.flatMap(({ village, datasets }) =>
    datasets.map((dataset) => ({
      '@id': `${origin}${villageDatasetPath(village, dataset.slug, 'json')}`,
      '@type': 'dcat:Dataset',
      'dct:identifier': `${village.slug}/${dataset.slug}`,
      'dct:title': `${dataset.title} - ${village.name}`,
      'dct:description':
        `${dataset.title} (${[dataset.unit, dataset.year, dataset.source].filter(Boolean).join(', ')}), ` +
        `data ${village.name}${village.kecamatan ? `, Kecamatan ${village.kecamatan}` : ''}.`,
      'dct:publisher': agent(village.name),
      'dct:modified': new Date(dataset.updated_at as unknown as string).toISOString(),
      'dct:spatial': village.kode_wilayah,
      'dcat:landingPage': `${villageOrigin(village.slug, new URL(origin))}/statistik/${encodeURIComponent(dataset.slug)}`,
      'dcat:distribution': distribution((format) => villageDatasetPath(village, dataset.slug, format)),
    })),
  )
  const regencyEntries = data.regency.map((dataset) => ({
    '@id': `${origin}${regencyDatasetPath(dataset.slug, 'json')}`,
    '@type': 'dcat:Dataset',
    'dct:identifier': `kabupaten/${dataset.slug}`,
    'dct:title': `${dataset.title} - ${regencyName}`,
    'dct:description':
      `${dataset.title} dijumlahkan per desa dan per kecamatan dari ${dataset.villages.length} desa.` +
      (dataset.left_out.length
        ? ` Tidak dijumlahkan (kolom berbeda): ${dataset.left_out.map((village) => village.name).join(', ')}.`
        : ''),
    'dct:publisher': agent(regencyName),
    'dct:modified': dataset.modified,
    'dct:spatial': dataset.spatial,
    'dcat:distribution': distribution((format) => regencyDatasetPath(dataset.slug, format)),
  }))
  return {
    '@context': {
      dcat: 'http://www.w3.org/ns/dcat#',
      dct: 'http://purl.org/dc/terms/',
      foaf: 'http://xmlns.com/foaf/0.1/',
    },
    '@id': `${origin}/data/catalog.json`,
    '@type': 'dcat:Catalog',
    'dct:title': `Data Terbuka ${regencyName}`,
    'dct:description': `Data statistik yang diterbitkan desa-desa di ${regencyName}, dan jumlahnya per kecamatan.`,
    'dct:publisher': agent(regencyName),
    'dcat:dataset': [...regencyEntries, ...villageEntries],
  }
}
