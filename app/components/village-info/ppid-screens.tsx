import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useId } from 'react'
import { BarChart } from '~/components/village-info/chart'
import { Pagination } from '~/components/shared/list-controls'
import { formatDateTime, formatPercent } from '~/lib/format'
import { CitizenPage } from '~/components/shared/public-form'

/**
 * The public screens of the public-information cycle (docs/api.md "Public information, the whole cycle"):
 * `/ppid/keberatan` (the objection form), `/ppid/daftar-informasi` (the DIP table, CSV, print) and
 * `/ppid/laporan/{year}` (the annual report: a chart drawn on the server and its table).
 */

const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-600 ' +
  'focus:outline-none focus:ring-2 focus:ring-emerald-600/30 aria-[invalid=true]:border-red-600'

type Reason = { value: string; title: string; help: string }
type Filing =
  | { errors: Record<string, string>; filed?: undefined }
  | { errors: null; filed: { ticket: string; tracking_code: string; due_at: string | Date } }

function Field({ label, error, children }: { label: string; error?: string; children: (id: string) => JSX.Element }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-gray-800">
        {label}
      </label>
      {children(id)}
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  )
}

export function KeberatanScreen() {
  const { ticket, reasons } = useLoaderData<{ ticket: string; reasons: Reason[] }>()
  const answer = useActionData<Filing>()
  const sending = useNavigation().state === 'submitting'
  const errors = answer?.errors ?? {}
  return (
    <CitizenPage title="Pengajuan Keberatan">
      <p className="mt-2 text-gray-700">
        Jika permohonan informasi Anda ditolak, tidak dijawab, atau dijawab terlambat, Anda berhak mengajukan keberatan
        kepada atasan PPID desa (Undang-Undang Nomor 14 Tahun 2008 Pasal 35). Keberatan dijawab paling lambat 30 hari
        kerja.
      </p>
      {answer?.filed ? (
        <section role="status" className="mt-6 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-6">
          <h2 className="text-xl font-bold text-gray-900">Keberatan Terkirim</h2>
          <p className="mt-2">
            Nomor tiket: <strong className="font-mono">{answer.filed.ticket}</strong>
          </p>
          <p>
            Kode pelacakan: <strong className="font-mono">{answer.filed.tracking_code}</strong>
          </p>
          <p className="mt-2 font-semibold">Simpan kode ini.</p>
          <p className="mt-1 text-sm">Batas waktu jawaban: {formatDateTime(answer.filed.due_at)}</p>
          <p className="mt-3">
            <Link to={`/layanan/lacak?tiket=${encodeURIComponent(answer.filed.ticket)}`} className="underline">
              Lacak keberatan
            </Link>
          </p>
        </section>
      ) : (
        <Form method="post" className="mt-6 space-y-5">
          {errors.Error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
              {errors.Error}
            </p>
          ) : null}
          <Field label="Nomor tiket permohonan informasi (jika ada)" error={errors.Request_ticket}>
            {(id) => (
              <input
                id={id}
                name="request_ticket"
                defaultValue={ticket}
                placeholder="PPID-2026-0001"
                className={inputClass}
                aria-invalid={!!errors.Request_ticket}
              />
            )}
          </Field>
          <fieldset aria-invalid={!!errors.Reason}>
            <legend className="mb-2 font-medium text-gray-800">Alasan keberatan</legend>
            <div className="space-y-3">
              {reasons.map((reason) => (
                <label key={reason.value} className="flex gap-3 rounded-lg border border-gray-200 p-3">
                  <input type="radio" name="reason" value={reason.value} className="mt-1" required />
                  <span>
                    <span className="block font-semibold text-gray-900">{reason.title}</span>
                    <span className="block text-sm text-gray-700">{reason.help}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.Reason ? <p className="mt-1 text-sm text-red-700">{errors.Reason}</p> : null}
          </fieldset>
          <Field label="Nama" error={errors.Name}>
            {(id) => <input id={id} name="name" required className={inputClass} aria-invalid={!!errors.Name} />}
          </Field>
          <Field label="Nomor HP" error={errors.Contact}>
            {(id) => <input id={id} name="phone" type="tel" className={inputClass} aria-invalid={!!errors.Contact} />}
          </Field>
          <Field label="Email">{(id) => <input id={id} name="email" type="email" className={inputClass} />}</Field>
          <Field label="Uraian keberatan" error={errors.Message}>
            {(id) => (
              <textarea
                id={id}
                name="message"
                rows={6}
                required
                className={inputClass}
                aria-invalid={!!errors.Message}
              />
            )}
          </Field>
          <div className="hidden" aria-hidden="true">
            <label>
              Website
              <input name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <button
            type="submit"
            disabled={sending}
            className="w-full rounded-lg bg-emerald-700 px-6 py-3 text-lg font-semibold text-white hover:bg-emerald-800 disabled:opacity-60 sm:w-auto"
          >
            Kirim Keberatan
          </button>
        </Form>
      )}
    </CitizenPage>
  )
}

/** A row of the Daftar Informasi Publik, as the page and the back office show it. */
export type DipRow = {
  title: string
  summary: string
  class: string
  url: string
  official: string
  responsible: string
  made_at: string
  form: string
  retention: string
}

export function DaftarInformasiScreen() {
  const { page, year, years, print } = useLoaderData<{
    page: { data: DipRow[]; current_page: number; last_page: number; total: number }
    year: number | null
    years: number[]
    print: boolean
  }>()
  const csv = `/ppid/daftar-informasi.csv${year ? `?year=${year}` : ''}`
  const printable = `/ppid/daftar-informasi?${year ? `year=${year}&` : ''}print=1`
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 print:max-w-none print:p-0">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Daftar Informasi Publik</h1>
      <p className="mt-2 text-gray-700">
        Informasi yang dikuasai pemerintah desa dan terbuka untuk warga, disusun otomatis dari yang sudah diterbitkan.
        {year ? ` Tahun ${year}.` : ''} Jumlah: {page.total}.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3 print:hidden">
        <a href={csv} className="rounded-lg border border-emerald-700 px-3 py-1.5 font-semibold text-emerald-800">
          Unduh CSV
        </a>
        {print ? null : (
          <a
            href={printable}
            className="rounded-lg border border-emerald-700 px-3 py-1.5 font-semibold text-emerald-800"
          >
            Versi Cetak
          </a>
        )}
        <form method="get" className="flex items-center gap-2">
          <label htmlFor="dip-year">Tahun</label>
          <select id="dip-year" name="year" defaultValue={year ?? ''} className="rounded border border-gray-300 p-1">
            <option value="">Semua</option>
            {years.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          <button type="submit" className="rounded bg-gray-800 px-3 py-1 text-white">
            Tampilkan
          </button>
        </form>
      </div>
      <div className="mt-6 overflow-x-auto">
        <table className="min-w-full border-collapse text-left text-sm">
          <thead className="bg-gray-100">
            <tr>
              <th scope="col" className="border p-2">
                No
              </th>
              <th scope="col" className="border p-2">
                Ringkasan Isi Informasi
              </th>
              <th scope="col" className="border p-2">
                Pejabat/Unit yang Menguasai
              </th>
              <th scope="col" className="border p-2">
                Penanggung Jawab
              </th>
              <th scope="col" className="border p-2">
                Waktu Pembuatan
              </th>
              <th scope="col" className="border p-2">
                Bentuk Informasi
              </th>
              <th scope="col" className="border p-2">
                Jangka Waktu Penyimpanan
              </th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((row, index) => (
              <tr key={index} className="align-top">
                <td className="border p-2">{print ? index + 1 : (page.current_page - 1) * 25 + index + 1}</td>
                <td className="border p-2">
                  {row.url ? (
                    <a href={row.url} className="font-semibold text-emerald-800 underline">
                      {row.title}
                    </a>
                  ) : (
                    <span className="font-semibold">{row.title}</span>
                  )}
                  {row.summary ? <span className="block text-gray-700">{row.summary}</span> : null}
                </td>
                <td className="border p-2">{row.official}</td>
                <td className="border p-2">{row.responsible}</td>
                <td className="border p-2 whitespace-nowrap">{row.made_at}</td>
                <td className="border p-2">{row.form}</td>
                <td className="border p-2">{row.retention}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {print ? null : (
        <div className="print:hidden">
          <Pagination current={page.current_page} last={page.last_page} />
        </div>
      )}
    </div>
  )
}

type AnnualReport = {
  year: number
  requests: {
    received: number
    granted: number
    partly: number
    refused: number
    pending: number
    on_time_pct: number | null
    avg_days: number | null
    max_days: number | null
  }
  refusal_reasons: { reason: string; count: number }[]
  objections: { received: number; answered: number; pending: number }
}

const decimal = (value: number | null, suffix = '') =>
  value === null
    ? '-'
    : `${value.toLocaleString('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}${suffix}`

export function LaporanScreen() {
  const { report, years } = useLoaderData<{ report: AnnualReport; years: number[] }>()
  const { requests, objections } = report
  const rows = [
    { label: 'Permohonan diterima', value: requests.received },
    { label: 'Diberikan', value: requests.granted },
    { label: 'Diberikan sebagian', value: requests.partly },
    { label: 'Ditolak', value: requests.refused },
    { label: 'Belum diputus', value: requests.pending },
    { label: 'Keberatan diterima', value: objections.received },
    { label: 'Keberatan dijawab', value: objections.answered },
    { label: 'Keberatan belum dijawab', value: objections.pending },
  ]
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Laporan Layanan Informasi Publik {report.year}</h1>
      <div className="mt-6">
        <BarChart
          title={`Permohonan informasi dan keberatan ${report.year}`}
          series={['Jumlah']}
          rows={rows.map((row) => ({ label: row.label, values: [row.value] }))}
          format={(value) => String(value)}
        />
      </div>
      <table className="mt-6 min-w-full border-collapse text-left">
        <caption className="mb-2 text-left font-semibold">Ringkasan {report.year}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="border p-2 font-normal">
                {row.label}
              </th>
              <td className="border p-2 text-right">{row.value}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="border p-2 font-normal">
              Dijawab tepat waktu
            </th>
            <td className="border p-2 text-right">
              {requests.on_time_pct === null ? '-' : formatPercent(requests.on_time_pct, 100)}
            </td>
          </tr>
          <tr>
            <th scope="row" className="border p-2 font-normal">
              Rata-rata waktu jawaban (hari kerja)
            </th>
            <td className="border p-2 text-right">{decimal(requests.avg_days)}</td>
          </tr>
          <tr>
            <th scope="row" className="border p-2 font-normal">
              Waktu jawaban terlama (hari kerja)
            </th>
            <td className="border p-2 text-right">{requests.max_days ?? '-'}</td>
          </tr>
        </tbody>
      </table>
      {report.refusal_reasons.length ? (
        <table className="mt-6 min-w-full border-collapse text-left">
          <caption className="mb-2 text-left font-semibold">Alasan penolakan</caption>
          <thead>
            <tr>
              <th scope="col" className="border p-2">
                Dasar hukum
              </th>
              <th scope="col" className="border p-2 text-right">
                Jumlah
              </th>
            </tr>
          </thead>
          <tbody>
            {report.refusal_reasons.map((row) => (
              <tr key={row.reason}>
                <td className="border p-2">{row.reason}</td>
                <td className="border p-2 text-right">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {years.length ? (
        <nav className="mt-8" aria-label="Tahun lain">
          <p className="font-semibold">Tahun lain:</p>
          <ul className="mt-2 flex flex-wrap gap-3">
            {years.map((year) => (
              <li key={year}>
                <Link to={`/ppid/laporan/${year}`} className="underline">
                  {year}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  )
}
