import { Form, Link } from '@remix-run/react'
import { documentDownloadPath } from '~/lib/documents'
import { formatDate } from '~/lib/format'
import type { ScreenPage } from '~/lib/summaries'
import { Pagination } from './list-controls'

/** What the list and the PPID page show of a document (app/doors/public-information.server.ts). */
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
  'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30'

/** One document of a list: its title (to its page), number, kind, date and size, and `Unduh`. */
export function DocumentRow({ document, heading = 'h2' }: { document: DocumentItem; heading?: 'h2' | 'h3' }) {
  const Heading = heading
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Heading className="text-base font-semibold text-gray-900">
          <Link to={`/dokumen/${encodeURIComponent(document.slug)}`} className="hover:text-emerald-700 hover:underline">
            {document.title}
          </Link>
        </Heading>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600">
          {document.number ? (
            <div>
              <dt className="sr-only">Nomor</dt>
              <dd>No. {document.number}</dd>
            </div>
          ) : null}
          <div>
            <dt className="sr-only">Jenis</dt>
            <dd>{document.kind_label}</dd>
          </div>
          <div>
            <dt className="sr-only">Tanggal</dt>
            <dd>{formatDate(document.date)}</dd>
          </div>
          <div>
            <dt className="sr-only">Ukuran</dt>
            <dd>{document.size}</dd>
          </div>
        </dl>
      </div>
      <a
        href={documentDownloadPath(document.slug)}
        className="inline-flex shrink-0 items-center justify-center rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
        aria-label={`Unduh ${document.title}`}
      >
        Unduh
      </a>
    </article>
  )
}

type ListData = {
  page: ScreenPage<DocumentItem>
  choices: { kinds: Choice[]; classes: Choice[]; years: number[] }
  filters: { search: string; kind: string; information_class: string; year: string }
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
        className="mt-6 grid grid-cols-1 gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
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
        <div>
          <label htmlFor="dokumen-jenis" className="mb-1 block text-sm font-medium text-gray-700">
            Jenis
          </label>
          <select id="dokumen-jenis" name="kind" defaultValue={filters.kind} className={selectClass}>
            <option value="">Semua jenis</option>
            {choices.kinds.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="dokumen-kelas" className="mb-1 block text-sm font-medium text-gray-700">
            Klasifikasi
          </label>
          <select
            id="dokumen-kelas"
            name="information_class"
            defaultValue={filters.information_class}
            className={selectClass}
          >
            <option value="">Semua klasifikasi</option>
            {choices.classes.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="dokumen-tahun" className="mb-1 block text-sm font-medium text-gray-700">
            Tahun
          </label>
          <select id="dokumen-tahun" name="year" defaultValue={filters.year} className={selectClass}>
            <option value="">Semua tahun</option>
            {choices.years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
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
        <p
          role="status"
          className="mt-8 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center text-gray-500"
        >
          Tidak ada dokumen yang ditemukan.
        </p>
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
