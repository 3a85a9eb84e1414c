import { Form, Link } from '@remix-run/react'
import { documentDownloadPath, LEGAL_STATUS_LABELS } from '~/lib/documents'
import { formatDate } from '~/lib/format'
import type { ScreenPage } from '~/lib/summaries'
import { Fact } from '~/components/shared/facts'
import { EmptyList, FilterOptions, Pagination } from '~/components/shared/list-controls'

/** What the list and the PPID page show of a document (app/doors/village-info/public-information.server.ts). */
export type DocumentItem = {
  id: number
  title: string
  slug: string
  number: string
  kind_label: string
  class_label: string
  date: string | Date
  size: string
}

type Choice = { value: string; label: string }

const selectClass =
  'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm ' +
  'focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30'

/** One document of a list: its title (to its page), number, kind, date and size, and `Unduh`. */
export function DocumentRow({ document, heading: Heading = 'h2' }: { document: DocumentItem; heading?: 'h2' | 'h3' }) {
  return (
    <article
      className={
        'flex flex-col gap-3 rounded-xl border border-gray-200 bg-white ' +
        'p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between'
      }
    >
      <div className="min-w-0">
        <Heading className="text-base font-semibold text-gray-900">
          <Link to={`/dokumen/${encodeURIComponent(document.slug)}`} className="hover:text-emerald-700 hover:underline">
            {document.title}
          </Link>
        </Heading>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600">
          {document.number ? (
            <Fact label="Nomor" termClass="sr-only">
              No. {document.number}
            </Fact>
          ) : null}
          <Fact label="Jenis" termClass="sr-only">
            {document.kind_label}
          </Fact>
          <Fact label="Tanggal" termClass="sr-only">
            {formatDate(document.date)}
          </Fact>
          <Fact label="Ukuran" termClass="sr-only">
            {document.size}
          </Fact>
        </dl>
      </div>
      <a
        href={documentDownloadPath(document.slug)}
        className={
          'inline-flex shrink-0 items-center justify-center rounded-lg bg-emerald-700 ' +
          'px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800'
        }
        aria-label={`Unduh ${document.title}`}
      >
        Unduh
      </a>
    </article>
  )
}

/** One of the list's filters: its label above its choices. */
function Filter({
  id,
  label,
  name,
  value,
  children,
}: {
  id: string
  label: string
  name: string
  value: string
  children: React.ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={selectClass}>
        {children}
      </select>
    </div>
  )
}

type ListData = {
  page: ScreenPage<DocumentItem>
  choices: { kinds: Choice[]; classes: Choice[]; years: number[] }
  filters: { search: string; kind: string; information_class: string; year: string; legal_status?: string }
}

/** `/dokumen`: search, the filters (kind, class, year) as a plain GET form, the documents, the pager. */
export function DocumentListScreen({ data }: { data: ListData }) {
  const { page, choices, filters } = data
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Dokumen Desa</h1>
      <p className="mt-1 text-gray-600">
        Peraturan desa, keputusan kepala desa, laporan, dan dokumen informasi publik lainnya.
      </p>
      <Form
        method="get"
        action="/dokumen"
        role="search"
        className={
          'mt-6 grid grid-cols-1 gap-3 rounded-xl border ' +
          'border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5'
        }
      >
        <div className="lg:col-span-2">
          <label htmlFor="dokumen-cari" className="mb-1 block text-sm font-medium text-gray-700">
            Cari dokumen
          </label>
          <input
            id="dokumen-cari"
            name="search"
            type="search"
            defaultValue={filters.search}
            placeholder="Judul, nomor, atau isi..."
            className={selectClass}
          />
        </div>
        <Filter id="dokumen-jenis" label="Jenis" name="kind" value={filters.kind}>
          <FilterOptions all="Semua jenis" choices={choices.kinds} />
        </Filter>
        <Filter id="dokumen-kelas" label="Klasifikasi" name="information_class" value={filters.information_class}>
          <FilterOptions all="Semua klasifikasi" choices={choices.classes} />
        </Filter>
        <Filter id="dokumen-tahun" label="Tahun" name="year" value={filters.year}>
          <FilterOptions all="Semua tahun" choices={choices.years.map((year) => ({ value: year, label: year }))} />
        </Filter>
        <Filter id="dokumen-status" label="Status" name="legal_status" value={filters.legal_status ?? ''}>
          <FilterOptions
            all="Semua status"
            choices={Object.entries(LEGAL_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Filter>
        <div className="sm:col-span-2 lg:col-span-5">
          <button
            type="submit"
            className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
          >
            Terapkan
          </button>
        </div>
      </Form>
      {page.data.length === 0 ? (
        <EmptyList className="mt-8">Tidak ada dokumen yang ditemukan.</EmptyList>
      ) : (
        <ul aria-label="Daftar dokumen" className="mt-8 space-y-3">
          {page.data.map((document) => (
            <li key={document.id}>
              <DocumentRow document={document} />
            </li>
          ))}
        </ul>
      )}
      <Pagination current={page.current_page} last={page.last_page} />
    </div>
  )
}
