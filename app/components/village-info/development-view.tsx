import { Form, useLocation, useNavigate } from '@remix-run/react'
import type { FormEvent } from 'react'
import {
  osmUrl,
  STAGE_LABELS,
  STAGES,
  stageOf,
  type DevelopmentFilters,
  type DevelopmentSummary,
} from '~/lib/pembangunan'
import { formatDate, formatRupiah } from '~/lib/format'
import { DetailTop } from '~/components/shared/detail-top'
import { Fact } from '~/components/shared/facts'
import { CardLink, PictureCard } from '~/components/shared/cards'
import { CardGrid, EmptyList, FilterOptions, Pagination } from '~/components/shared/list-controls'
import { ArticleImage, ItemImage } from '~/components/shared/upload-image'

const STAGE_TONE = {
  rencana: 'bg-gray-100 text-gray-800',
  berjalan: 'bg-amber-100 text-amber-900',
  selesai: 'bg-emerald-100 text-emerald-900',
} as const

/**
 * A project's progress (docs/api.md): a progress bar whose `aria-valuenow` is the percentage, next to the text `40%`
 * and the stage it puts the project in.
 */
export function ProgressBar({ progress, name }: { progress: number; name: string }) {
  const stage = stageOf(progress)
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={`Progres ${name}`}
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-gray-200 print:border print:border-black"
      >
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${progress}%` }} />
      </div>
      <span className="text-sm font-semibold tabular-nums text-gray-900">{`${progress}%`}</span>
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STAGE_TONE[stage]}`}>
        {STAGE_LABELS[stage]}
      </span>
    </div>
  )
}

function DevelopmentCard({ project, eager }: { project: DevelopmentSummary; eager: boolean }) {
  return (
    <PictureCard kind="developments" item={project} eager={eager}>
      <h2 className="text-lg font-semibold leading-snug text-gray-900">
        <CardLink to={`/pembangunan/${project.slug}`}>{project.title}</CardLink>
      </h2>
      <dl className="grid grid-cols-[auto,1fr] gap-x-3 gap-y-1 text-sm text-gray-600">
        <dt>Lokasi</dt>
        <dd className="text-gray-800">{project.location}</dd>
        <dt>Tahun</dt>
        <dd className="text-gray-800">{project.year}</dd>
        <dt>Anggaran</dt>
        <dd className="tabular-nums text-gray-800">{formatRupiah(project.budget)}</dd>
      </dl>
      <div className="mt-auto pt-2">
        <ProgressBar progress={project.progress} name={project.title} />
      </div>
    </PictureCard>
  )
}

/** The list's filters as an address: only what is chosen, back on page 1. */
function filtersHref(pathname: string, form: FormData) {
  const params = new URLSearchParams()
  for (const name of ['search', 'year', 'stage']) {
    const value = String(form.get(name) ?? '').trim()
    if (value) params.set(name, value)
  }
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/** Search, year and stage: a plain GET form, which Remix sends without reloading the page. */
function Filters({ years, filters, search }: { years: number[]; filters: DevelopmentFilters; search: string }) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    navigate(filtersHref(pathname, new FormData(event.currentTarget)))
  }
  const field = 'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm'
  return (
    <Form
      method="get"
      role="search"
      aria-label="Saring pembangunan"
      onSubmit={submit}
      // Keyed by the address, so the boxes show what the address holds after a back or forward.
      key={`${search}|${filters.year ?? ''}|${filters.stage ?? ''}`}
      className={
        'grid grid-cols-1 gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm ' +
        'sm:grid-cols-[2fr,1fr,1fr,auto] sm:items-end print:hidden'
      }
    >
      <label className="text-sm font-medium text-gray-700">
        Cari
        <input type="search" name="search" defaultValue={search} placeholder="Cari pembangunan..." className={field} />
      </label>
      <label className="text-sm font-medium text-gray-700">
        Tahun
        <select name="year" defaultValue={filters.year ?? ''} className={field}>
          <FilterOptions all="Semua tahun" choices={years.map((year) => ({ value: year, label: year }))} />
        </select>
      </label>
      <label className="text-sm font-medium text-gray-700">
        Tahap
        <select name="stage" defaultValue={filters.stage ?? ''} className={field}>
          <FilterOptions
            all="Semua tahap"
            choices={STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }))}
          />
        </select>
      </label>
      <button
        type="submit"
        className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
      >
        Terapkan
      </button>
    </Form>
  )
}

/** `/pembangunan`: the filters, the project cards (9 to a page) and the pager. */
export function DevelopmentList({
  page,
  years,
  filters,
  search,
}: {
  page: { data: DevelopmentSummary[]; current_page: number; last_page: number }
  years: number[]
  filters: DevelopmentFilters
  search: string
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Pembangunan Desa</h1>
        <p className="mt-1 text-gray-600">Kegiatan pembangunan desa: anggaran, pelaksana dan kemajuannya.</p>
      </div>
      <Filters years={years} filters={filters} search={search} />
      <div className="mt-8">
        {page.data.length === 0 ? (
          <EmptyList>Tidak ada pembangunan yang ditemukan.</EmptyList>
        ) : (
          <CardGrid
            label="Daftar pembangunan"
            items={page.data}
            card={(project, eager) => <DevelopmentCard project={project} eager={eager} />}
          />
        )}
      </div>
      <Pagination current={page.current_page} last={page.last_page} />
    </div>
  )
}

type DateLike = string | Date

/** What a project's screen shows (the model's public project). */
export type DevelopmentDetailData = {
  id: number
  title: string
  description: string
  location: string
  latitude: number | null
  longitude: number | null
  year: number
  budget: number
  funding_source: string
  implementer: string
  volume: string
  start_date: string | null
  end_date: string | null
  progress: number
  image: string | null
  image_alt: string
  published_at: DateLike | null
  photos: {
    id: number
    image: string
    image_alt: string
    caption: string
    progress: number | null
    created_at: DateLike
  }[]
}

const ProjectFact = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Fact label={label} termClass="text-sm text-gray-500" valueClass="font-medium text-gray-900">
    {children}
  </Fact>
)

/** `/pembangunan/{slug}`: everything about a project, the map link, and its progress photos oldest first. */
export function DevelopmentDetail({
  project,
  preview,
}: {
  project: DevelopmentDetailData
  preview: 'draft' | 'scheduled' | null
}) {
  const period = [project.start_date, project.end_date].map((date) => (date ? formatDate(date) : null))
  const facts: [string, React.ReactNode][] = [
    ['Lokasi', project.location],
    ['Tahun Anggaran', project.year],
    ['Anggaran', <span className="tabular-nums">{formatRupiah(project.budget)}</span>],
    ['Sumber Dana', project.funding_source],
    ['Pelaksana', project.implementer || '-'],
    ['Volume', project.volume || '-'],
    [
      'Waktu Pelaksanaan',
      period[0] || period[1] ? `${period[0] ?? 'belum ditentukan'} sampai ${period[1] ?? 'belum ditentukan'}` : '-',
    ],
  ]
  const mapped = project.latitude !== null && project.longitude !== null
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 print:max-w-none print:p-0">
      <div className="print:hidden">
        <DetailTop resource="developments" preview={preview} item={project} />
      </div>
      <header className="mt-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">Pembangunan Desa</p>
        <h1 className="mt-1 text-3xl font-bold leading-tight text-gray-900">{project.title}</h1>
        <div className="mt-4 max-w-xl">
          <ProgressBar progress={project.progress} name={project.title} />
        </div>
      </header>
      <ArticleImage kind="developments" item={project} sizes="(min-width: 900px) 864px, 100vw" />
      <dl
        className={
          'mt-6 grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border border-gray-200 bg-white p-5 ' + 'sm:grid-cols-2'
        }
      >
        {facts.map(([label, value]) => (
          <ProjectFact key={label} label={label}>
            {value}
          </ProjectFact>
        ))}
        {mapped ? (
          <ProjectFact label="Koordinat">
            <span className="tabular-nums">
              {project.latitude}, {project.longitude}
            </span>{' '}
            <a
              href={osmUrl(project.latitude!, project.longitude!)}
              target="_blank"
              rel="noopener noreferrer"
              className="ml-1 font-semibold text-emerald-800 underline underline-offset-2"
            >
              Lihat di Peta<span className="sr-only"> (OpenStreetMap, membuka tab baru)</span>
            </a>
          </ProjectFact>
        ) : null}
      </dl>
      {project.description ? (
        <div className="rich-text mt-8 text-gray-800" dangerouslySetInnerHTML={{ __html: project.description }} />
      ) : null}
      <section aria-labelledby="foto-progres" className="mt-10">
        <h2 id="foto-progres" className="text-xl font-bold text-gray-900">
          Foto Progres
        </h2>
        {project.photos.length ? (
          <ol className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2">
            {project.photos.map((photo) => (
              <li key={photo.id}>
                <figure className="overflow-hidden rounded-xl border border-gray-200 bg-white">
                  <ItemImage
                    kind="developments"
                    item={photo}
                    label={photo.caption || `Foto progres ${project.title}`}
                    width={1200}
                    height={800}
                    sizes="(min-width: 900px) 420px, 100vw"
                    className="aspect-[3/2] w-full"
                  />
                  <figcaption className="space-y-1 p-4 text-sm text-gray-700">
                    {photo.caption ? <p className="text-gray-900">{photo.caption}</p> : null}
                    <p className="text-gray-500">
                      {photo.progress !== null ? `Progres ${photo.progress}% · ` : ''}
                      <time dateTime={new Date(photo.created_at).toISOString()}>{formatDate(photo.created_at)}</time>
                    </p>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-gray-600">Belum ada foto progres.</p>
        )}
      </section>
    </article>
  )
}
