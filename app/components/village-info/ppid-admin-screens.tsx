import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Options, SelectField, TextField } from '~/components/shared/form'
import { ListTable, StateRow } from '~/components/shared/list-table'
import { Pager } from '~/components/site/resource-list'

/**
 * The back office's PPID screens (app/doors/village-info/ppid-admin.server.ts): the Daftar Informasi Publik's manual
 * entries and the registers of requests and objections, plain forms and links (no script needed). Every text is
 * shown as text.
 */

type Page<T> = { data: T[]; current_page: number; last_page: number; total: number }

type DipEntryRow = {
  id: number
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

const buttonClass =
  'rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60'
const dangerClass =
  'rounded-lg border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60'
const selectClass =
  'rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30'
const card = 'rounded-xl border border-gray-200 bg-white shadow-sm'

const CLASS_LABELS: Record<string, string> = {
  berkala: 'Berkala',
  serta_merta: 'Serta Merta',
  setiap_saat: 'Setiap Saat',
}

/** `/admin/ppid/dip`: the manual entries of the Daftar Informasi Publik. */
export function DipEntryListScreen() {
  const list = useLoaderData<{ page: Page<DipEntryRow>; canCreate: boolean }>()
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-gray-900">Daftar Informasi Publik</h1>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <a href="/ppid/daftar-informasi" className="font-medium text-brand-700 hover:underline">
            Lihat di situs
          </a>
          {list.canCreate ? (
            <Link to="/admin/ppid/dip/baru" className={buttonClass}>
              Tambah Entri
            </Link>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-gray-600">
        Dokumen publik, APBDes, proyek pembangunan dan statistik yang diterbitkan masuk daftar dengan sendirinya; di
        sini entri yang ditambahkan manual.
      </p>
      <div className={card}>
        <ListTable headers={['Judul', 'Klasifikasi', 'Waktu Pembuatan', 'Penanggung Jawab']}>
          {list.page.data.length === 0 ? (
            <StateRow span={4} title="Belum ada entri manual" />
          ) : (
            list.page.data.map((row) => (
              <tr key={row.id} className="border-t border-gray-100 text-sm text-gray-700 hover:bg-gray-50">
                <td className="px-4 py-3 font-medium">
                  <Link to={`/admin/ppid/dip/${row.id}`} className="text-brand-700 hover:underline">
                    {row.title}
                  </Link>
                </td>
                <td className="px-4 py-3">{CLASS_LABELS[row.class] ?? row.class}</td>
                <td className="whitespace-nowrap px-4 py-3">{row.made_at}</td>
                <td className="px-4 py-3">{row.responsible}</td>
              </tr>
            ))
          )}
        </ListTable>
        <div className="border-t border-gray-100 p-4">
          <Pager current={list.page.current_page} last={list.page.last_page} search="" />
        </div>
      </div>
    </section>
  )
}

/** `/admin/ppid/dip/baru` and `/admin/ppid/dip/{id}`: an entry's form, and its delete button. */
export function DipEntryScreen() {
  const { entry, classes, canSave, canDelete } = useLoaderData<{
    entry: DipEntryRow | null
    classes: string[]
    canSave: boolean
    canDelete: boolean
  }>()
  const errors = useActionData<{ errors: Record<string, string> | null }>()?.errors ?? null
  const busy = useNavigation().state !== 'idle'
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-gray-900">
          {entry ? `Entri DIP: ${entry.title}` : 'Tambah Entri Daftar Informasi Publik'}
        </h1>
        <Link to="/admin/ppid/dip" className="text-sm font-medium text-brand-700 hover:underline">
          Kembali ke Daftar Informasi Publik
        </Link>
      </div>
      <Form method="post" className={`${card} space-y-4 p-5`}>
        <TextField label="Judul" name="title" defaultValue={entry?.title} error={errors?.Title} />
        <TextField
          label="Ringkasan Isi Informasi"
          name="summary"
          multiline
          defaultValue={entry?.summary}
          error={errors?.Summary}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Klasifikasi"
            name="class"
            defaultValue={entry?.class ?? 'berkala'}
            error={errors?.Class}
            options={classes.map((value) => ({ value, label: CLASS_LABELS[value] ?? value }))}
          />
          <TextField
            label="Waktu Pembuatan"
            name="made_at"
            type="date"
            defaultValue={entry?.made_at}
            error={errors?.Made_at}
          />
        </div>
        <TextField label="Alamat (opsional)" name="url" defaultValue={entry?.url} error={errors?.Url} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Pejabat/Unit yang Menguasai"
            name="official"
            defaultValue={entry?.official}
            error={errors?.Official}
          />
          <TextField
            label="Penanggung Jawab"
            name="responsible"
            defaultValue={entry?.responsible}
            error={errors?.Responsible}
          />
          <TextField label="Bentuk Informasi" name="form" defaultValue={entry?.form} error={errors?.Form} />
          <TextField
            label="Jangka Waktu Penyimpanan"
            name="retention"
            defaultValue={entry?.retention}
            error={errors?.Retention}
          />
        </div>
        {canSave ? (
          <button type="submit" name="intent" value="save" disabled={busy} className={buttonClass}>
            Simpan
          </button>
        ) : null}
      </Form>
      {canDelete ? (
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" disabled={busy} className={dangerClass}>
            Hapus Entri
          </button>
        </Form>
      ) : null}
    </section>
  )
}

type RegisterRow = {
  ticket: string
  date: string
  name: string
  contact: string
  subject: string
  decision: string | null
  answered_at: string | null
  working_days: number | null
  on_time: string | null
}

const REGISTER_HEADERS = [
  'Tiket',
  'Tanggal',
  'Nama',
  'Kontak',
  'Perihal',
  'Keputusan/Status',
  'Dijawab',
  'Hari Kerja',
  'Tepat Waktu',
]

const TYPE_LABELS: Record<string, string> = { permohonan: 'Permohonan Informasi', keberatan: 'Keberatan' }

/** `/admin/ppid/register?year&type` (`&cetak=1`: the print view): the register of requests or objections. */
export function RegisterScreen() {
  const { rows, year, type, years, print } = useLoaderData<{
    rows: RegisterRow[]
    year: number
    type: string
    years: number[]
    print: boolean
  }>()
  const title = `Register ${TYPE_LABELS[type] ?? type} ${year}`
  const query = `year=${year}&type=${type}`
  const cell = print ? 'border border-gray-300 px-2 py-1' : 'px-4 py-3'
  const table = (
    <table className={print ? 'min-w-full border border-gray-300 text-left text-sm' : 'min-w-full text-left text-sm'}>
      <thead className={print ? '' : 'bg-gray-50 text-xs uppercase text-gray-500'}>
        <tr>
          {REGISTER_HEADERS.map((header) => (
            <th key={header} scope="col" className={cell}>
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={REGISTER_HEADERS.length} className={`${cell} text-center text-gray-500`}>
              Belum ada yang tercatat
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.ticket} className="border-t border-gray-100 align-top text-gray-700">
              <td className={`${cell} whitespace-nowrap font-medium`}>{row.ticket}</td>
              <td className={`${cell} whitespace-nowrap`}>{row.date}</td>
              <td className={cell}>{row.name}</td>
              <td className={cell}>{row.contact}</td>
              <td className={cell}>{row.subject}</td>
              <td className={cell}>{row.decision ?? '-'}</td>
              <td className={`${cell} whitespace-nowrap`}>{row.answered_at ?? '-'}</td>
              <td className={cell}>{row.working_days ?? '-'}</td>
              <td className={cell}>{row.on_time ?? '-'}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  )
  if (print)
    return (
      <section className="space-y-4 print:text-xs">
        <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
        <p className="text-sm text-gray-600 print:hidden">
          Gunakan menu cetak peramban (Ctrl+P).{' '}
          <Link to={`/admin/ppid/register?${query}`} className="text-brand-700 hover:underline">
            Kembali
          </Link>
        </p>
        {table}
      </section>
    )
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      <div className={card}>
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-gray-100 p-4">
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <label className="text-sm text-gray-700">
              <span className="block">Register</span>
              <select name="type" defaultValue={type} className={selectClass}>
                <Options choices={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))} />
              </select>
            </label>
            <label className="text-sm text-gray-700">
              <span className="block">Tahun</span>
              <select name="year" defaultValue={year} className={selectClass}>
                {years.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClass}>
              Tampilkan
            </button>
          </Form>
          <div className="flex gap-3 text-sm">
            <a href={`/api/admin/ppid/register.csv?${query}`} className="font-medium text-brand-700 hover:underline">
              Unduh CSV
            </a>
            <Link to={`/admin/ppid/register?${query}&cetak=1`} className="font-medium text-brand-700 hover:underline">
              Cetak
            </Link>
          </div>
        </div>
        <div className="overflow-x-auto">{table}</div>
      </div>
    </section>
  )
}
