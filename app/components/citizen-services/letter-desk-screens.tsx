import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { formatDate, formatDateTime } from '~/lib/format'
import {
  isLetterOverdue,
  LETTER_FIELD_KINDS,
  LETTER_REQUEST_STATUSES,
  LETTER_STATUS_LABELS,
  letterStatusLabel,
  type LetterField,
  type LetterTypeText,
} from '~/lib/letters'
import { labelled, Options, TextField, TextFields, SelectField, type TextFieldSpec } from '~/components/shared/form'
import { RichTextField } from '~/components/content/rich-text'
import { FilteredPager, Pager, SearchBox } from '~/components/site/resource-list'
import { ListTable, StateRow } from '~/components/shared/list-table'
import * as Admin from '~/components/shared/admin-kit'

/**
 * Layanan Surat's admin screens (app/doors/citizen-services/letter-desk.server.ts). Everything a villager typed is
 * shown as text (React escapes it), never as HTML. Every form posts without scripts.
 */

type DateLike = string | Date
type Page<T> = { data: T[]; current_page: number; last_page: number; total: number }

const STATUS_CHOICES = labelled(LETTER_REQUEST_STATUSES, LETTER_STATUS_LABELS)

function Overdue() {
  return <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Terlambat</span>
}

const useErrors = () => Admin.useScreenErrors()

// ---------------------------------------------------------------------------------------------------------------
// Permohonan Surat

type QueueRow = {
  id: number
  ticket: string
  letter_type: { name: string; slug: string }
  name: string
  nik_masked: string
  status: string
  due_at: DateLike
  created_at: DateLike
}

type QueueData = {
  page: Page<QueueRow>
  types: { value: string; label: string }[]
  search: string
  status: string
  letterType: string
  now: number
}

/** `/admin/letter-requests`: the queue, by status and type, due dates with the overdue marked. */
export function LetterQueueScreen() {
  const list = useLoaderData<QueueData>()
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">Permohonan Surat</h1>
      <div className={Admin.card}>
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-gray-100 p-4">
          <SearchBox search={list.search} placeholder="Tiket atau nama..." />
          <Form method="get" className="flex flex-wrap items-end gap-2">
            {list.search ? <input type="hidden" name="search" value={list.search} /> : null}
            <Admin.FilterSelect label="Status" name="status" defaultValue={list.status}>
              <Options none="Semua" choices={STATUS_CHOICES} />
            </Admin.FilterSelect>
            <Admin.FilterSelect label="Jenis Surat" name="letter_type" defaultValue={list.letterType}>
              <Options none="Semua" choices={list.types} />
            </Admin.FilterSelect>
            <button type="submit" className={Admin.buttonClass}>
              Filter
            </button>
          </Form>
        </div>
        <ListTable headers={['Tiket', 'Jenis Surat', 'Nama', 'Status', 'Batas Waktu', 'Diajukan']}>
          {list.page.data.length === 0 ? (
            <StateRow span={6} title="Belum ada permohonan" />
          ) : (
            list.page.data.map((row) => (
              <tr key={row.id} className="border-t border-gray-100 text-sm text-gray-700 hover:bg-gray-50">
                <td className="whitespace-nowrap px-4 py-3 font-medium">
                  <Link to={`/admin/letter-requests/${row.id}`} className="text-brand-700 hover:underline">
                    {row.ticket}
                  </Link>
                </td>
                <td className="px-4 py-3">{row.letter_type.name}</td>
                <td className="px-4 py-3">{row.name}</td>
                <td className="whitespace-nowrap px-4 py-3">{letterStatusLabel(row.status)}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  {formatDate(row.due_at)}
                  {isLetterOverdue(row, list.now) ? <Overdue /> : null}
                </td>
                <td className="whitespace-nowrap px-4 py-3">{formatDate(row.created_at)}</td>
              </tr>
            ))
          )}
        </ListTable>
        <FilteredPager
          page={list.page}
          search={list.search}
          filters={{ status: list.status, letter_type: list.letterType }}
        />
      </div>
    </section>
  )
}

type RequestData = {
  request: QueueRow & {
    nik: string
    phone: string
    email: string
    data: Record<string, string>
    note: string
    data_erased_at: DateLike | null
    attachments: { id: number; name: string; type: string; size: number }[]
  }
  fields: LetterField[]
  letter: { id: number; number: string; revoked_at: DateLike | null } | null
  now: number
  canIssue: boolean
  canUpdate: boolean
}

const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`

/** `/admin/letter-requests/{id}`: the data, the attachments, `Terbitkan Surat`, `Minta Perbaikan`, `Tolak`. */
export function LetterRequestScreen() {
  const { request, fields, letter, now, canIssue, canUpdate } = useLoaderData<RequestData>()
  const errors = useErrors()
  const busy = Admin.useBusy()
  const open = !letter && request.status !== 'ditolak' && request.status !== 'selesai'
  const known = new Set(fields.map((field) => field.key))
  return (
    <section className="space-y-6">
      <Admin.ScreenTitle title={`Permohonan ${request.ticket}`}>
        <Admin.BackTo to="/admin/letter-requests">Kembali ke Permohonan Surat</Admin.BackTo>
      </Admin.ScreenTitle>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className={`${Admin.card} space-y-4 p-5 lg:col-span-2`}>
          <p className="text-sm text-gray-600">
            {request.letter_type.name} · diajukan {formatDateTime(request.created_at)} ·{' '}
            <span className="font-semibold text-gray-900">{letterStatusLabel(request.status)}</span>
          </p>
          <p className="text-sm text-gray-700">
            Batas waktu: {formatDate(request.due_at)}
            {isLetterOverdue(request, now) ? <Overdue /> : null}
          </p>
          {request.note ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              Catatan: <span className="whitespace-pre-line break-words">{request.note}</span>
            </p>
          ) : null}
          {request.data_erased_at ? (
            <p className="text-sm text-gray-600">
              Data pemohon dihapus pada {formatDate(request.data_erased_at)} (masa simpan berakhir).
            </p>
          ) : (
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              {[
                ['Nama', request.name],
                ['NIK', request.nik],
                ['Nomor HP', request.phone || '-'],
                ['Email', request.email || '-'],
                ...fields.map((field) => [field.label, request.data[field.key] || '-']),
                ...Object.entries(request.data)
                  .filter(([key]) => !known.has(key))
                  .map(([key, value]) => [key, value]),
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="font-medium text-gray-700">{label}</dt>
                  <dd className="whitespace-pre-line break-words text-gray-900">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <div>
            <h2 className="text-base font-semibold text-gray-900">Lampiran</h2>
            {request.attachments.length ? (
              <ul className="mt-2 space-y-1 text-sm">
                {request.attachments.map((file) => (
                  <li key={file.id}>
                    <a
                      href={`/api/admin/letter-requests/${request.id}/attachments/${file.id}`}
                      className="text-brand-700 hover:underline"
                    >
                      {file.name}
                    </a>{' '}
                    <span className="text-gray-500">
                      ({file.type}, {kilobytes(file.size)})
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-gray-500">Tidak ada lampiran.</p>
            )}
          </div>
        </div>
        <aside className="space-y-4">
          {letter ? (
            <div className={`${Admin.card} space-y-2 p-5 text-sm`}>
              <h2 className="text-base font-semibold text-gray-900">Surat {letter.number}</h2>
              {letter.revoked_at ? <p className="text-red-700">Dicabut {formatDate(letter.revoked_at)}</p> : null}
              <a href={`/api/admin/letters/${letter.id}/pdf`} className="font-medium text-brand-700 hover:underline">
                Unduh PDF
              </a>
            </div>
          ) : null}
          {open && canIssue ? (
            <Admin.IntentButton
              intent="issue"
              busy={busy}
              className={Admin.buttonClass}
              formClass={`${Admin.card} p-5`}
            >
              Terbitkan Surat
            </Admin.IntentButton>
          ) : null}
          {open && canUpdate ? (
            <div className={`${Admin.card} space-y-4 p-5`}>
              {request.status === 'diajukan' ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="status" value="diproses" />
                  <button type="submit" disabled={busy} className={Admin.buttonClass}>
                    Proses
                  </button>
                </Form>
              ) : null}
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="status" />
                <TextField label="Catatan untuk pemohon" name="note" multiline error={errors?.Note} />
                {errors?.Status ? <p className="text-sm text-red-600">{errors.Status}</p> : null}
                <div className="flex flex-wrap gap-2">
                  <button
                    type="submit"
                    name="status"
                    value="perlu_perbaikan"
                    disabled={busy}
                    className={Admin.buttonClass}
                  >
                    Minta Perbaikan
                  </button>
                  <button type="submit" name="status" value="ditolak" disabled={busy} className={Admin.dangerClass}>
                    Tolak
                  </button>
                </div>
              </Form>
            </div>
          ) : null}
        </aside>
      </div>
    </section>
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Surat Keluar

type LetterRow = {
  id: number
  number: string
  letter_type: { name: string; slug: string }
  name: string
  issued_at: DateLike
  signer: { name: string; position: string }
  revoked_at: DateLike | null
  revoked_reason: string | null
  request_ticket: string | null
}

type RegisterData = {
  page: Page<LetterRow>
  years: number[]
  year: number
  search: string
  print: boolean
  canUpdate: boolean
  canIssue: boolean
}

/** `/admin/letters?year&search` (and `&cetak=1`, the print view): the register of outgoing letters. */
export function LetterRegisterScreen() {
  const list = useLoaderData<RegisterData>()
  const errors = useErrors()
  const busy = Admin.useBusy()
  const { pathname } = useLocation()
  const rows = list.page.data
  if (list.print)
    return (
      <Admin.PrintView title={`Buku Register Surat Keluar ${list.year}`} back={`/admin/letters?year=${list.year}`}>
        <table className="min-w-full border border-gray-300 text-left text-sm">
          <thead>
            <tr>
              {['Nomor', 'Tanggal', 'Jenis Surat', 'Nama', 'Penandatangan', 'Status'].map((header) => (
                <th key={header} scope="col" className="border border-gray-300 px-2 py-1">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...rows].reverse().map((row) => (
              <tr key={row.id}>
                <td className="border border-gray-300 px-2 py-1">{row.number}</td>
                <td className="border border-gray-300 px-2 py-1">{formatDate(row.issued_at)}</td>
                <td className="border border-gray-300 px-2 py-1">{row.letter_type.name}</td>
                <td className="border border-gray-300 px-2 py-1">{row.name}</td>
                <td className="border border-gray-300 px-2 py-1">{row.signer.name}</td>
                <td className="border border-gray-300 px-2 py-1">{row.revoked_at ? 'Dicabut' : 'Berlaku'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Admin.PrintView>
    )
  return (
    <section className="space-y-4">
      <Admin.ScreenTitle
        title="Surat Keluar"
        add={list.canIssue && { to: '/admin/letters/baru', label: 'Terbitkan Surat Langsung' }}
      />
      <div className={Admin.card}>
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-gray-100 p-4">
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <Admin.FilterSelect label="Tahun" name="year" defaultValue={list.year}>
              {list.years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </Admin.FilterSelect>
            <label className="text-sm text-gray-700">
              <span className="block">Cari</span>
              <input
                name="search"
                defaultValue={list.search}
                placeholder="Nomor atau nama..."
                className={Admin.selectClass}
              />
            </label>
            <button type="submit" className={Admin.buttonClass}>
              Tampilkan
            </button>
          </Form>
          <Admin.ExportLinks
            csv={`/api/admin/letters.csv?year=${list.year}`}
            print={`/admin/letters?year=${list.year}&cetak=1`}
          />
        </div>
        {errors?.Reason ? <p className="px-4 pt-3 text-sm text-red-600">{errors.Reason}</p> : null}
        <ListTable headers={['Nomor', 'Tanggal', 'Jenis Surat', 'Nama', 'Penandatangan', 'Status']} actions="Aksi">
          {rows.length === 0 ? (
            <StateRow span={7} title="Belum ada surat keluar" />
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="border-t border-gray-100 align-top text-sm text-gray-700">
                <td className="whitespace-nowrap px-4 py-3 font-medium">{row.number}</td>
                <td className="whitespace-nowrap px-4 py-3">{formatDate(row.issued_at)}</td>
                <td className="px-4 py-3">{row.letter_type.name}</td>
                <td className="px-4 py-3">{row.name}</td>
                <td className="px-4 py-3">{row.signer.name}</td>
                <td className="px-4 py-3">
                  {row.revoked_at ? (
                    <span className="text-red-700">Dicabut{row.revoked_reason ? `: ${row.revoked_reason}` : ''}</span>
                  ) : (
                    'Berlaku'
                  )}
                </td>
                <td className="space-y-2 px-4 py-3 text-right">
                  <a href={`/api/admin/letters/${row.id}/pdf`} className="font-medium text-brand-700 hover:underline">
                    PDF
                  </a>
                  {list.canUpdate && !row.revoked_at ? (
                    <details className="text-left">
                      <summary className="cursor-pointer text-red-700">Cabut</summary>
                      <Form method="post" className="mt-2 space-y-2">
                        <input type="hidden" name="intent" value="revoke" />
                        <input type="hidden" name="id" value={row.id} />
                        <label className="block text-xs text-gray-700">
                          Alasan pencabutan
                          <input name="reason" required className={`${Admin.selectClass} mt-1 w-full`} />
                        </label>
                        <button type="submit" disabled={busy} className={Admin.dangerClass}>
                          Cabut Surat
                        </button>
                      </Form>
                    </details>
                  ) : null}
                </td>
              </tr>
            ))
          )}
        </ListTable>
        <div className="border-t border-gray-100 p-4">
          <Pager
            current={list.page.current_page}
            last={list.page.last_page}
            search={list.search}
            href={(page) =>
              `${pathname}?year=${list.year}${list.search ? `&search=${encodeURIComponent(list.search)}` : ''}&page=${page}`
            }
          />
        </div>
      </div>
    </section>
  )
}

type WalkInData = {
  types: { value: string; label: string }[]
  type: { slug: string; name: string; fields: LetterField[] } | null
}

/** A type's field as a form input named `data_<key>` (the walk-in form). */
function DataField({ field, error }: { field: LetterField; error?: string }) {
  const name = `data_${field.key}`
  const label = field.required ? `${field.label} *` : field.label
  if (field.kind === 'select')
    return (
      <SelectField
        label={label}
        name={name}
        error={error}
        options={[
          { value: '', label: '- Pilih -' },
          ...(field.options ?? []).map((option) => ({ value: option, label: option })),
        ]}
      />
    )
  return (
    <TextField
      label={label}
      name={name}
      error={error}
      multiline={field.kind === 'textarea'}
      type={field.kind === 'date' ? 'date' : field.kind === 'number' ? 'number' : 'text'}
    />
  )
}

/** `/admin/letters/baru?jenis=`: a walk-in villager's letter, issued at once. */
export function WalkInScreen() {
  const { types, type } = useLoaderData<WalkInData>()
  const errors = useErrors()
  const busy = Admin.useBusy()
  return (
    <section className="max-w-2xl space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">Terbitkan Surat Langsung</h1>
      <Form method="get" className={`${Admin.card} flex flex-wrap items-end gap-2 p-4`}>
        <Admin.FilterSelect label="Jenis Surat" name="jenis" defaultValue={type?.slug ?? ''}>
          <Options none="- Pilih -" choices={types} />
        </Admin.FilterSelect>
        <button type="submit" className={Admin.buttonClass}>
          Pilih
        </button>
      </Form>
      {type ? (
        <Form method="post" className={`${Admin.card} space-y-4 p-5`}>
          <input type="hidden" name="letter_type" value={type.slug} />
          <h2 className="text-base font-semibold text-gray-900">{type.name}</h2>
          <TextField label="Nama *" name="name" error={errors?.Name} />
          <TextField label="NIK *" name="nik" error={errors?.Nik} />
          {type.fields.map((field) => (
            <DataField key={field.key} field={field} error={errors?.[`Data_${field.key}`]} />
          ))}
          {errors?.Letter_type ? <p className="text-sm text-red-600">{errors.Letter_type}</p> : null}
          <button type="submit" disabled={busy} className={Admin.buttonClass}>
            Terbitkan Surat
          </button>
        </Form>
      ) : null}
    </section>
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Jenis Surat

type TypeRow = LetterTypeText & { id: number; number_format: string | null; signer_id: number | null; active: boolean }

/** `/admin/letter-types`. */
export function LetterTypeListScreen() {
  const list = useLoaderData<{ page: Page<TypeRow>; search: string; canCreate: boolean }>()
  return (
    <section className="space-y-4">
      <Admin.ScreenTitle
        title="Jenis Surat"
        add={list.canCreate && { to: '/admin/letter-types/baru', label: 'Tambah Jenis Surat' }}
      />
      <div className={Admin.card}>
        <div className="border-b border-gray-100 p-4">
          <SearchBox search={list.search} placeholder="Nama atau kode..." />
        </div>
        <ListTable headers={['Nama', 'Kode', 'Isian', 'Janji Layanan', 'Aktif']}>
          {list.page.data.length === 0 ? (
            <StateRow span={5} title="Belum ada jenis surat" />
          ) : (
            list.page.data.map((row) => (
              <tr key={row.id} className="border-t border-gray-100 text-sm text-gray-700 hover:bg-gray-50">
                <td className="px-4 py-3 font-medium">
                  <Link to={`/admin/letter-types/${row.id}`} className="text-brand-700 hover:underline">
                    {row.name}
                  </Link>
                </td>
                <td className="px-4 py-3">{row.code}</td>
                <td className="px-4 py-3">{row.fields.length}</td>
                <td className="px-4 py-3">{row.sla_days} hari kerja</td>
                <td className="px-4 py-3">{row.active ? 'Ya' : 'Tidak'}</td>
              </tr>
            ))
          )}
        </ListTable>
        <div className="border-t border-gray-100 p-4">
          <Pager current={list.page.current_page} last={list.page.last_page} search={list.search} />
        </div>
      </div>
    </section>
  )
}

const KIND_CHOICES = LETTER_FIELD_KINDS.map((kind) => ({ value: kind, label: kind }))

const TYPE_NAME: TextFieldSpec[] = [{ label: 'Nama', name: 'name' }]
const TYPE_NUMBERING: TextFieldSpec[] = [
  { label: 'Kode Klasifikasi', name: 'code' },
  { label: 'Format Nomor', name: 'number_format', placeholder: '{kode}/{nomor}/{bulan_romawi}/{tahun}' },
  { label: 'Janji Layanan (hari kerja)', name: 'sla_days', type: 'number' },
]
const TYPE_SLUG: TextFieldSpec[] = [{ label: 'Slug', name: 'slug' }]
const TYPE_TEXTS: TextFieldSpec[] = [
  { label: 'Keterangan', name: 'description', multiline: true },
  { label: 'Persyaratan (satu per baris)', name: 'requirements', multiline: true },
]

/** A text cell of a letter type's field row: `field_<name>_<n>`, labelled `<label> isian <n + 1>`. */
function FieldCell({ n, name, label, value }: { n: number; name: string; label: string; value: string }) {
  return (
    <td className="px-2 py-1">
      <input
        aria-label={`${label} isian ${n + 1}`}
        name={`field_${name}_${n}`}
        defaultValue={value}
        className={`${Admin.selectClass} w-full`}
      />
    </td>
  )
}

/** `/admin/letter-types/baru` and `/admin/letter-types/{id}`: the type editor. */
export function LetterTypeScreen() {
  const { type, signers, canSave, canDelete } = useLoaderData<{
    type: TypeRow | null
    signers: { value: number; label: string }[]
    canSave: boolean
    canDelete: boolean
  }>()
  const errors = useErrors()
  const busy = Admin.useBusy()
  const rows: (LetterField | null)[] = [...(type?.fields ?? []), null, null, null]
  const values = type ?? { sla_days: 3 }
  return (
    <section className="space-y-4">
      <Admin.ScreenTitle title={type ? `Jenis Surat: ${type.name}` : 'Tambah Jenis Surat'}>
        <Admin.BackTo to="/admin/letter-types">Kembali ke Jenis Surat</Admin.BackTo>
      </Admin.ScreenTitle>
      <Form method="post" className={`${Admin.card} space-y-4 p-5`}>
        <TextFields fields={TYPE_NAME} values={values} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextFields fields={TYPE_NUMBERING} values={values} errors={errors} />
        </div>
        <TextFields fields={TYPE_SLUG} values={values} errors={errors} />
        <SelectField
          label="Penandatangan"
          name="signer_id"
          defaultValue={type?.signer_id ?? ''}
          error={errors?.Signer_id}
          options={[{ value: '', label: '- Pilih aparatur -' }, ...signers]}
        />
        <TextFields fields={TYPE_TEXTS} values={values} errors={errors} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-700">Isian formulir</legend>
          <p className="text-xs text-gray-500">
            Kunci: huruf kecil, angka dan garis bawah; dipakai di isi surat sebagai {'{{kunci}}'}. Pilihan (untuk
            select): dipisah koma. Kosongkan kunci dan label untuk menghapus isian.
          </p>
          {errors?.Fields ? <p className="text-sm text-red-600">{errors.Fields}</p> : null}
          <div className="overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <thead className="text-xs uppercase text-gray-500">
                <tr>
                  {['Kunci', 'Label', 'Jenis', 'Pilihan', 'Wajib'].map((header) => (
                    <th key={header} scope="col" className="px-2 py-1">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((field, n) => (
                  <tr key={n}>
                    <FieldCell n={n} name="key" label="Kunci" value={field?.key ?? ''} />
                    <FieldCell n={n} name="label" label="Label" value={field?.label ?? ''} />
                    <td className="px-2 py-1">
                      <select
                        aria-label={`Jenis isian ${n + 1}`}
                        name={`field_kind_${n}`}
                        defaultValue={field?.kind ?? 'text'}
                        className={`${Admin.selectClass} w-full`}
                      >
                        <Options choices={KIND_CHOICES} />
                      </select>
                    </td>
                    <FieldCell n={n} name="options" label="Pilihan" value={field?.options?.join(', ') ?? ''} />
                    <td className="px-2 py-1 text-center">
                      <input
                        type="checkbox"
                        aria-label={`Isian ${n + 1} wajib`}
                        name={`field_required_${n}`}
                        value="1"
                        defaultChecked={field?.required ?? false}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </fieldset>
        <RichTextField label="Isi Surat" name="body" defaultValue={type?.body} error={errors?.Body} />
        <p className="text-xs text-gray-500">
          Penanda yang tersedia: {'{{nama}}, {{nik}}, {{tanggal}}, {{nomor}}, {{desa}}'} dan {'{{kunci}}'} tiap isian.
        </p>
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input type="checkbox" name="active" value="1" defaultChecked={type?.active ?? true} /> Aktif (tampil di
          Layanan Surat)
        </label>
        {canSave ? <Admin.SaveButton busy={busy} /> : null}
      </Form>
      {canDelete ? (
        <Admin.IntentButton intent="delete" busy={busy} className={Admin.dangerClass}>
          Hapus Jenis Surat
        </Admin.IntentButton>
      ) : null}
    </section>
  )
}
