import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { formatDate, formatDateTime } from '~/lib/format'
import { REPORT_KIND_LABELS, REPORT_KINDS } from '~/lib/reports'
import { IMAGE_MAX_MB } from '~/lib/upload-limits'
import { Pagination } from '~/components/shared/list-controls'
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

const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-600 ' +
  'focus:outline-none focus:ring-2 focus:ring-emerald-600/30 aria-[invalid=true]:border-red-600'

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null
}

/** A labelled input with its error under it. */
function Input({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string
  name: string
  error?: string
  hint?: string
  children: (props: { id: string; name: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode
}) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-gray-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      {children({ id, name, 'aria-invalid': !!error, 'aria-describedby': described || undefined })}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

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
    <section
      aria-labelledby="laporan-terkirim"
      className="rounded-xl border-2 border-emerald-600 bg-emerald-50 p-6"
      role="status"
    >
      <h2 id="laporan-terkirim" className="text-xl font-bold text-gray-900">
        Laporan Terkirim
      </h2>
      <p className="mt-2 text-gray-800">Terima kasih. {filed.kind_label} Anda sudah kami terima.</p>
      <dl className="mt-4 space-y-3">
        <div>
          <dt className="text-sm font-medium text-gray-700">Nomor Tiket</dt>
          <dd className="font-mono text-2xl font-bold tracking-wide text-gray-900">{filed.ticket}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-gray-700">Kode Pelacakan</dt>
          <dd className="font-mono text-2xl font-bold tracking-wide text-gray-900">{filed.tracking_code}</dd>
        </div>
      </dl>
      <p className="mt-4 font-semibold text-red-800">
        Simpan kode ini. Kode pelacakan hanya ditampilkan sekali dan diperlukan untuk melihat tanggapan.
      </p>
      {filed.due_at ? (
        <p className="mt-2 text-gray-800">
          Permohonan informasi dijawab paling lambat {formatDateTime(filed.due_at)} (10 hari kerja).
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-3">
        <a
          href={filed.share_url}
          target="_blank"
          rel="noopener noreferrer"
          className={
            'inline-flex items-center rounded-lg bg-green-700 px-4 py-2 font-semibold text-white ' +
            'hover:bg-green-800'
          }
        >
          Bagikan tautan pelacakan ke WhatsApp
        </a>
        <Link
          to={`/layanan/lacak?tiket=${encodeURIComponent(filed.ticket)}`}
          className={
            'inline-flex items-center rounded-lg border border-emerald-700 px-4 py-2 font-semibold ' +
            'text-emerald-800 hover:bg-emerald-100'
          }
        >
          Lacak laporan
        </Link>
      </div>
    </section>
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
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Layanan Pengaduan</h1>
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
            <FieldError id="kind-error" message={errors?.Kind} />
          </fieldset>
          <Input label="Nama" name="name" error={errors?.Name}>
            {(props) => <input {...props} type="text" autoComplete="name" maxLength={100} className={inputClass} />}
          </Input>
          <Input
            label="Nomor HP"
            name="phone"
            error={errors?.Contact}
            hint="Isi nomor HP atau email (salah satu wajib) agar kami dapat menghubungi Anda."
          >
            {(props) => <input {...props} type="tel" autoComplete="tel" inputMode="tel" className={inputClass} />}
          </Input>
          <Input label="Email" name="email">
            {(props) => <input {...props} type="email" autoComplete="email" className={inputClass} />}
          </Input>
          <Input label="Judul" name="subject" error={errors?.Subject}>
            {(props) => <input {...props} type="text" maxLength={150} className={inputClass} />}
          </Input>
          <Input label="Isi Laporan" name="message" error={errors?.Message}>
            {(props) => <textarea {...props} rows={6} maxLength={5000} className={inputClass} />}
          </Input>
          <Input
            label="Foto (tidak wajib)"
            name="image"
            error={errors?.Image}
            hint={`JPEG, PNG, GIF atau WebP, paling besar ${IMAGE_MAX_MB} MB.`}
          >
            {(props) => (
              <input {...props} type="file" accept="image/*" className="block w-full text-sm text-gray-700" />
            )}
          </Input>
          {/* Left empty by people, who never see it; a form filler fills it (docs/api.md: the honeypot). */}
          <div className="hidden">
            <label>
              Website
              <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          <SubmitButton disabled={sending}>{sending ? 'Mengirim...' : 'Kirim'}</SubmitButton>
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
    </div>
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
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Lacak Laporan</h1>
      <p className="mt-2 text-gray-700">
        Masukkan nomor tiket dan kode pelacakan yang Anda terima saat mengirim laporan atau permohonan surat (tiket{' '}
        <span className="font-mono">SRT-</span>).
      </p>
      <Form method="post" className="mt-6 space-y-5">
        <Input label="Nomor Tiket" name="tiket">
          {(props) => (
            <CodeInput
              {...props}
              defaultValue={answer?.ticket || ticket}
              placeholder="ADU-2026-0001, SRT-2026-0001 atau KBR-2026-0001"
            />
          )}
        </Input>
        <Input label="Kode Pelacakan" name="kode">
          {(props) => <CodeInput {...props} autoComplete="off" />}
        </Input>
        <SubmitButton disabled={sending}>Lacak</SubmitButton>
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
    </div>
  )
}

/** The forms' submit button, wide on a phone. */
function SubmitButton({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={disabled}
      className={
        'w-full rounded-lg bg-emerald-700 px-6 py-3 text-lg font-semibold text-white ' +
        'hover:bg-emerald-800 disabled:opacity-60 sm:w-auto'
      }
    >
      {children}
    </button>
  )
}
