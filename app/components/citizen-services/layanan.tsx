import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { InputHTMLAttributes } from 'react'
import { formatDate, formatDateTime } from '~/lib/format'
import { REPORT_KIND_LABELS, REPORT_KINDS } from '~/lib/reports'
import { IMAGE_MAX_MB } from '~/lib/upload-limits'
import { Pagination } from '~/components/shared/list-controls'
import { CitizenPage, FiledTicket } from '~/components/shared/public-form'
import {
  CitizenField,
  CitizenFieldError,
  inputClass,
  CitizenSubmit,
  Honeypot,
  PhoneAndEmail,
} from '~/components/shared/public-form'
import { LetterTrackingPanel, type LetterTracking } from '~/components/citizen-services/letter-request-screens'

/**
 * The screens of citizens' reports: `/layanan` (the form, the ticket and code shown once, the public reports) and
 * `/layanan/lacak` (ticket and code, sent by POST). Every text a citizen wrote is shown as text, never as HTML.
 */

type DateLike = string | Date

export type ReportView = {
  ticket: string
  kind_label: string
  status: string
  status_label: string
  subject: string
  message: string
  created_at: DateLike
  due_at: DateLike | null
  decision_label?: string
  decision_reason?: string
  extended_at?: DateLike | null
  overdue?: boolean
  objection_url?: string | null
  responses: { message: string; created_at: DateLike }[]
}

type Errors = Record<string, string> | null | undefined

const statusClass: Record<string, string> = {
  baru: 'bg-sky-100 text-sky-900',
  diproses: 'bg-amber-100 text-amber-900',
  selesai: 'bg-emerald-100 text-emerald-900',
  ditolak: 'bg-gray-200 text-gray-900',
}

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusClass[status] ?? 'bg-gray-100'}`}>
      {label}
    </span>
  )
}

/** A report as the public reads it: ticket, kind, status, text and the village's answers. */
export function ReportCard({ report, heading = 'h3' }: { report: ReportView; heading?: 'h2' | 'h3' }) {
  const Heading = heading
  return (
    <article className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600">
          {report.ticket} · {report.kind_label} · {formatDate(report.created_at)}
        </p>
        <StatusBadge status={report.status} label={report.status_label} />
      </div>
      <Heading className="mt-2 text-lg font-semibold text-gray-900">{report.subject}</Heading>
      <p className="mt-2 whitespace-pre-line break-words text-gray-800">{report.message}</p>
      {report.due_at ? (
        <p className="mt-2 text-sm text-gray-700">
          Batas waktu jawaban: {formatDateTime(report.due_at)}
          {report.extended_at ? ' (diperpanjang 7 hari kerja)' : ''}
          {report.overdue ? (
            <span className="ml-2 rounded bg-red-100 px-2 py-0.5 font-semibold text-red-800">Terlambat</span>
          ) : null}
        </p>
      ) : null}
      {report.decision_label ? (
        <div className="mt-3 rounded-lg bg-gray-50 p-3">
          <p className="font-semibold text-gray-900">Keputusan: {report.decision_label}</p>
          {report.decision_reason ? (
            <p className="mt-1 whitespace-pre-line break-words text-gray-800">
              Dasar hukum pengecualian: {report.decision_reason}
            </p>
          ) : null}
        </div>
      ) : null}
      {report.objection_url ? (
        <p className="mt-3">
          <Link
            to={report.objection_url}
            className="inline-flex rounded-lg bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800"
          >
            Ajukan Keberatan
          </Link>
        </p>
      ) : null}
      {report.responses.length ? (
        <div className="mt-4 space-y-3 border-l-4 border-emerald-600 pl-4">
          {report.responses.map((response, index) => (
            <div key={index}>
              <p className="text-sm font-semibold text-emerald-900">
                Tanggapan pemerintah desa, {formatDateTime(response.created_at)}
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-gray-800">{response.message}</p>
            </div>
          ))}
        </div>
      ) : null}
    </article>
  )
}

type Filed = {
  ticket: string
  tracking_code: string
  kind_label: string
  due_at: DateLike | null
  tracking_url: string
  share_url: string
}

/** What a citizen sees once the report is sent: the ticket, the code (this once), how to keep and share them. */
function FiledPanel({ filed }: { filed: Filed }) {
  return (
    <FiledTicket
      id="laporan-terkirim"
      title="Laporan Terkirim"
      filed={filed}
      thanks={`Terima kasih. ${filed.kind_label} Anda sudah kami terima.`}
      keep="Simpan kode ini. Kode pelacakan hanya ditampilkan sekali dan diperlukan untuk melihat tanggapan."
      share="Bagikan tautan pelacakan ke WhatsApp"
      track="Lacak laporan"
    >
      {filed.due_at ? (
        <p className="mt-2 text-gray-800">
          Permohonan informasi dijawab paling lambat {formatDateTime(filed.due_at)} (10 hari kerja).
        </p>
      ) : null}
    </FiledTicket>
  )
}

type LayananData = { reports: ReportView[]; current_page: number; last_page: number }
type FilingAnswer = { errors: Errors; filed?: Filed }

/** `/layanan`. */
export function LayananScreen() {
  const { reports, current_page, last_page } = useLoaderData<LayananData>()
  const answer = useActionData<FilingAnswer>()
  const errors = answer?.errors
  const sending = useNavigation().state === 'submitting'
  return (
    <CitizenPage title="Layanan Pengaduan">
      <p className="mt-2 text-gray-700">
        Sampaikan pengaduan, aspirasi, atau permohonan informasi kepada pemerintah desa. Nama dan nomor HP Anda tidak
        pernah ditampilkan kepada umum.{' '}
        <Link to="/layanan/lacak" className="font-medium text-emerald-800 underline">
          Lacak laporan
        </Link>{' '}
        yang sudah Anda kirim.
      </p>
      {answer?.filed ? (
        <div className="mt-8">
          <FiledPanel filed={answer.filed} />
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-8 space-y-5" noValidate>
          {errors?.Error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
              {errors.Error}
            </p>
          ) : null}
          <fieldset>
            <legend className="mb-2 font-medium text-gray-800">Jenis Laporan</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
              {REPORT_KINDS.map((kind, index) => (
                <label key={kind} className="flex items-center gap-2 text-gray-800">
                  <input
                    type="radio"
                    name="kind"
                    value={kind}
                    defaultChecked={index === 0}
                    className="h-5 w-5 accent-emerald-700"
                  />
                  {REPORT_KIND_LABELS[kind]}
                </label>
              ))}
            </div>
            <CitizenFieldError id="kind-error" message={errors?.Kind} />
          </fieldset>
          <CitizenField name="name" label="Nama" error={errors?.Name}>
            {(props) => <input {...props} type="text" autoComplete="name" maxLength={100} className={inputClass} />}
          </CitizenField>
          <PhoneAndEmail error={errors?.Contact} />
          <CitizenField name="subject" label="Judul" error={errors?.Subject}>
            {(props) => <input {...props} type="text" maxLength={150} className={inputClass} />}
          </CitizenField>
          <CitizenField name="message" label="Isi Laporan" error={errors?.Message}>
            {(props) => <textarea {...props} rows={6} maxLength={5000} className={inputClass} />}
          </CitizenField>
          <CitizenField
            name="image"
            label="Foto (tidak wajib)"
            error={errors?.Image}
            hint={`JPEG, PNG, GIF atau WebP, paling besar ${IMAGE_MAX_MB} MB.`}
          >
            {(props) => (
              <input {...props} type="file" accept="image/*" className="block w-full text-sm text-gray-700" />
            )}
          </CitizenField>
          <Honeypot />
          <CitizenSubmit disabled={sending}>{sending ? 'Mengirim...' : 'Kirim'}</CitizenSubmit>
        </Form>
      )}
      <section className="mt-12" aria-labelledby="laporan-publik">
        <h2 id="laporan-publik" className="text-xl font-bold text-gray-900">
          Laporan Warga
        </h2>
        {reports.length ? (
          <ul className="mt-4 space-y-4">
            {reports.map((report) => (
              <li key={report.ticket}>
                <ReportCard report={report} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-gray-600">Belum ada laporan yang ditampilkan.</p>
        )}
        <Pagination current={current_page} last={last_page} />
      </section>
    </CitizenPage>
  )
}

type TrackingAnswer =
  { kind?: undefined; ticket: string; report: ReportView | null; error: string | null } | LetterTracking

/** A box of the tracking form: the ticket and the code are typed in capitals. */
const CodeInput = (props: InputHTMLAttributes<HTMLInputElement>) => (
  <input {...props} type="text" required autoCapitalize="characters" className={inputClass} />
)

/** `/layanan/lacak`. */
export function LacakScreen() {
  const { ticket } = useLoaderData<{ ticket: string }>()
  const answer = useActionData<TrackingAnswer>()
  const sending = useNavigation().state === 'submitting'
  return (
    <CitizenPage title="Lacak Laporan">
      <p className="mt-2 text-gray-700">
        Masukkan nomor tiket dan kode pelacakan yang Anda terima saat mengirim laporan atau permohonan surat (tiket{' '}
        <span className="font-mono">SRT-</span>).
      </p>
      <Form method="post" className="mt-6 space-y-5">
        <CitizenField name="tiket" label="Nomor Tiket">
          {(props) => (
            <CodeInput
              {...props}
              defaultValue={answer?.ticket || ticket}
              placeholder="ADU-2026-0001, SRT-2026-0001 atau KBR-2026-0001"
            />
          )}
        </CitizenField>
        <CitizenField name="kode" label="Kode Pelacakan">
          {(props) => <CodeInput {...props} autoComplete="off" />}
        </CitizenField>
        <CitizenSubmit disabled={sending}>Lacak</CitizenSubmit>
      </Form>
      {answer?.error ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-3 text-red-800">
          {answer.error}
        </p>
      ) : null}
      {answer?.kind === 'letter' ? <LetterTrackingPanel answer={answer} /> : null}
      {answer && answer.kind !== 'letter' && answer.report ? (
        <section className="mt-8" aria-label="Hasil pelacakan">
          <ReportCard report={answer.report} heading="h2" />
        </section>
      ) : null}
    </CitizenPage>
  )
}
