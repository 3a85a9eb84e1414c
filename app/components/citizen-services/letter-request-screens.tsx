import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { formatDate, formatDateTime } from '~/lib/format'
import type { LetterField } from '~/lib/letters'
import { IMAGE_MAX_MB } from '~/lib/upload-limits'
import { CitizenPage, FiledTicket } from '~/components/shared/public-form'
import { CitizenField, inputClass, CitizenSubmit, Honeypot, PhoneAndEmail } from '~/components/shared/public-form'

/**
 * The villager's screens of Layanan Surat: the types (`/layanan/surat`), a type's form (`/layanan/surat/{slug}`: the
 * ticket and the code shown once after sending, with a WhatsApp share), and the letter request's tracking panel of
 * `/layanan/lacak` (status, note, `Unduh Surat`, the correction form). Plain forms, phone first; everything a
 * villager typed is shown as text.
 */

type Errors = Record<string, string> | null | undefined

type PublicType = {
  name: string
  slug: string
  description: string
  requirements: string
  fields: LetterField[]
  sla_days: number
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** `/layanan/surat`. */
export function LetterTypesScreen() {
  const { types } = useLoaderData<{ types: PublicType[] }>()
  return (
    <CitizenPage title="Layanan Surat">
      <p className="mt-2 text-gray-700">
        Ajukan surat keterangan dari rumah. Setelah surat terbit, unduh di halaman{' '}
        <Link to="/layanan/lacak" className="font-medium text-emerald-800 underline">
          Lacak
        </Link>{' '}
        dengan nomor tiket dan kode pelacakan Anda. Keaslian surat dapat diperiksa siapa saja di{' '}
        <Link to="/verifikasi" className="font-medium text-emerald-800 underline">
          Verifikasi Surat
        </Link>
        .
      </p>
      {types.length ? (
        <ul className="mt-8 space-y-4">
          {types.map((type) => (
            <li key={type.slug} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-semibold text-gray-900">{type.name}</h2>
              {type.description ? <p className="mt-1 text-gray-700">{type.description}</p> : null}
              {lines(type.requirements).length ? (
                <>
                  <h3 className="mt-3 text-sm font-semibold text-gray-800">Persyaratan</h3>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-gray-700">
                    {lines(type.requirements).map((line, index) => (
                      <li key={index}>{line}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              <p className="mt-2 text-sm text-gray-600">Selesai dalam {type.sla_days} hari kerja.</p>
              <Link
                to={`/layanan/surat/${type.slug}`}
                aria-label={`Ajukan ${type.name}`}
                className="mt-4 inline-flex rounded-lg bg-emerald-700 px-5 py-2 font-semibold text-white hover:bg-emerald-800"
              >
                Ajukan
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 text-gray-600">Belum ada jenis surat yang dapat diajukan.</p>
      )}
    </CitizenPage>
  )
}

/** One of a type's fields as an input, named `data_<key>`. */
function TypeField({ field, error, value }: { field: LetterField; error?: string; value?: string }) {
  return (
    <CitizenField label={field.required ? field.label : `${field.label} (tidak wajib)`} error={error}>
      {(props) => {
        const common = { ...props, name: `data_${field.key}`, required: field.required, defaultValue: value }
        if (field.kind === 'textarea') return <textarea {...common} rows={3} maxLength={2000} className={inputClass} />
        if (field.kind === 'select')
          return (
            <select {...common} className={inputClass}>
              <option value="">Pilih...</option>
              {(field.options ?? []).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )
        if (field.kind === 'date') return <input {...common} type="date" className={inputClass} />
        if (field.kind === 'number') return <input {...common} type="text" inputMode="decimal" className={inputClass} />
        return <input {...common} type="text" maxLength={500} className={inputClass} />
      }}
    </CitizenField>
  )
}

/** The fields a request and a correction share: the person, the type's fields, the attachments, the honeypot. */
function RequestFields({
  fields,
  errors,
  values,
}: {
  fields: LetterField[]
  errors: Errors
  values?: { name?: string; data?: Record<string, string> }
}) {
  return (
    <>
      <CitizenField name="name" label="Nama" error={errors?.Name}>
        {(props) => (
          <input
            {...props}
            type="text"
            required
            autoComplete="name"
            maxLength={100}
            defaultValue={values?.name}
            className={inputClass}
          />
        )}
      </CitizenField>
      <CitizenField name="nik" label="NIK" error={errors?.Nik} hint="16 angka, sesuai KTP atau Kartu Keluarga.">
        {(props) => (
          <input
            {...props}
            type="text"
            required
            inputMode="numeric"
            pattern="[0-9]{16}"
            maxLength={16}
            autoComplete="off"
            className={inputClass}
          />
        )}
      </CitizenField>
      <PhoneAndEmail error={errors?.Contact} />
      {fields.map((field) => (
        <TypeField
          key={field.key}
          field={field}
          error={errors?.[`Data_${field.key}`]}
          value={values?.data?.[field.key]}
        />
      ))}
      <CitizenField
        name="attachments"
        label="Lampiran"
        error={errors?.Attachments}
        hint={`Foto KTP, Kartu Keluarga atau surat pengantar: gambar atau PDF, paling banyak 5 berkas, masing-masing paling besar ${IMAGE_MAX_MB} MB.`}
      >
        {(props) => (
          <input
            {...props}
            type="file"
            multiple
            accept="image/*,application/pdf"
            className="block w-full text-sm text-gray-700"
          />
        )}
      </CitizenField>
      <Honeypot />
    </>
  )
}

function FormErrors({ errors, known }: { errors: Errors; known: string[] }) {
  if (!errors) return null
  const other = Object.entries(errors).filter(([key]) => !known.includes(key) && !key.startsWith('Data_'))
  return other.length ? (
    <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
      {other.map(([key, message]) => (
        <p key={key}>{message}</p>
      ))}
    </div>
  ) : null
}

type Filed = { ticket: string; tracking_code: string; due_at: string; tracking_url: string; share_url: string }

/** `/layanan/surat/{slug}`. */
export function LetterFormScreen() {
  const { type } = useLoaderData<{ type: PublicType }>()
  const answer = useActionData<{ errors: Errors; filed?: Filed }>()
  const sending = useNavigation().state === 'submitting'
  const filed = answer?.filed
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to="/layanan/surat" className="text-emerald-800 underline">
          Layanan Surat
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-gray-900 md:text-3xl">{type.name}</h1>
      {type.description ? <p className="mt-2 text-gray-700">{type.description}</p> : null}
      {filed ? (
        <FiledTicket
          id="permohonan-terkirim"
          className="mt-8"
          title="Permohonan Terkirim"
          filed={filed}
          thanks={`Terima kasih. Permohonan ${type.name} Anda sudah kami terima.`}
          keep="Simpan kode ini. Kode pelacakan hanya ditampilkan sekali dan diperlukan untuk melihat status dan mengunduh surat."
          share="Bagikan ke WhatsApp"
          track="Lacak permohonan"
        >
          <p className="mt-2 text-gray-800">Perkiraan selesai: {formatDate(filed.due_at)}.</p>
        </FiledTicket>
      ) : (
        <>
          {lines(type.requirements).length ? (
            <div className="mt-6 rounded-lg bg-gray-50 p-4">
              <h2 className="font-semibold text-gray-900">Persyaratan</h2>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-gray-700">
                {lines(type.requirements).map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <Form method="post" encType="multipart/form-data" className="mt-8 space-y-5">
            <FormErrors errors={answer?.errors} known={['Name', 'Nik', 'Contact', 'Attachments']} />
            <RequestFields fields={type.fields} errors={answer?.errors} />
            <CitizenSubmit disabled={sending}>{sending ? 'Mengirim...' : 'Kirim Permohonan'}</CitizenSubmit>
          </Form>
        </>
      )}
    </div>
  )
}

export type LetterTracking = {
  kind: 'letter'
  ticket: string
  code: string
  error: string | null
  errors?: Record<string, string>
  request: {
    ticket: string
    letter_type: { name: string; slug: string }
    status: string
    status_label: string
    note: string
    due_at: string
    created_at: string
    nik_masked: string
    data: Record<string, string>
    fields: LetterField[]
    download_url: string | null
    letter: { number: string; issued_at: string; verify_url: string; revoked: boolean } | null
  } | null
}

const statusClass: Record<string, string> = {
  diajukan: 'bg-sky-100 text-sky-900',
  perlu_perbaikan: 'bg-amber-100 text-amber-900',
  diproses: 'bg-amber-100 text-amber-900',
  selesai: 'bg-emerald-100 text-emerald-900',
  ditolak: 'bg-gray-200 text-gray-900',
}

/** The answer of `/layanan/lacak` for an `SRT-` ticket. */
export function LetterTrackingPanel({ answer }: { answer: LetterTracking }) {
  const sending = useNavigation().state === 'submitting'
  const request = answer.request
  if (!request) return null
  return (
    <section aria-label="Hasil pelacakan" className="mt-8 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600">
          {request.ticket} · {formatDate(request.created_at)}
        </p>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${statusClass[request.status] ?? 'bg-gray-100'}`}
        >
          {request.status_label}
        </span>
      </div>
      <h2 className="mt-2 text-lg font-semibold text-gray-900">{request.letter_type.name}</h2>
      <p className="mt-1 text-sm text-gray-700">NIK {request.nik_masked}</p>
      {request.status !== 'selesai' && request.status !== 'ditolak' ? (
        <p className="mt-1 text-sm text-gray-700">Perkiraan selesai: {formatDateTime(request.due_at)}</p>
      ) : null}
      {request.note ? (
        <div className="mt-4 border-l-4 border-emerald-600 pl-4">
          <p className="text-sm font-semibold text-emerald-900">Catatan petugas</p>
          <p className="mt-1 whitespace-pre-line break-words text-gray-800">{request.note}</p>
        </div>
      ) : null}
      {request.letter ? (
        <div className="mt-4">
          <p className="text-gray-800">
            Surat nomor <span className="font-mono">{request.letter.number}</span> terbit{' '}
            {formatDate(request.letter.issued_at)}
            {request.letter.revoked ? ' dan telah dicabut.' : '.'}
          </p>
          {request.download_url ? (
            <a
              href={request.download_url}
              download
              className="mt-3 inline-flex rounded-lg bg-emerald-700 px-5 py-3 font-semibold text-white hover:bg-emerald-800"
            >
              Unduh Surat
            </a>
          ) : null}
        </div>
      ) : null}
      {request.status === 'perlu_perbaikan' ? (
        <Form method="post" encType="multipart/form-data" className="mt-6 space-y-5 border-t border-gray-200 pt-6">
          <h3 className="text-lg font-semibold text-gray-900">Perbaiki Permohonan</h3>
          <input type="hidden" name="tiket" value={answer.ticket} />
          <input type="hidden" name="kode" value={answer.code} />
          <FormErrors errors={answer.errors} known={['Name', 'Nik', 'Contact', 'Attachments']} />
          <RequestFields fields={request.fields} errors={answer.errors} values={{ data: request.data }} />
          <CitizenSubmit disabled={sending}>Kirim Perbaikan</CitizenSubmit>
        </Form>
      ) : null}
    </section>
  )
}
