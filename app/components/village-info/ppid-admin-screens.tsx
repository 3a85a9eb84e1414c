import { Form, Link, useLoaderData } from '@remix-run/react'
import { Options, SelectField, TextFields, type TextFieldSpec } from '~/components/shared/form'
import { ListTable, StateRow } from '~/components/shared/list-table'
import { Pager } from '~/components/site/resource-list'
import type { DipRow } from '~/components/village-info/ppid-screens'
import * as Admin from '~/components/shared/admin-kit'

/**
 * The back office's PPID screens (app/doors/village-info/ppid-admin.server.ts): the Daftar Informasi Publik's manual
 * entries and the registers of requests and objections, plain forms and links (no script needed). Every text is
 * shown as text.
 */

type Page<T> = { data: T[]; current_page: number; last_page: number; total: number }

type DipEntryRow = DipRow & { id: number }

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
      <Admin.ScreenTitle title="Daftar Informasi Publik">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <a href="/ppid/daftar-informasi" className="font-medium text-brand-700 hover:underline">
            Lihat di situs
          </a>
          {list.canCreate ? (
            <Link to="/admin/ppid/dip/baru" className={Admin.buttonClass}>
              Tambah Entri
            </Link>
          ) : null}
        </div>
      </Admin.ScreenTitle>
      <p className="text-sm text-gray-600">
        Dokumen publik, APBDes, proyek pembangunan dan statistik yang diterbitkan masuk daftar dengan sendirinya; di
        sini entri yang ditambahkan manual.
      </p>
      <div className={Admin.card}>
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

const DIP_ABOUT: TextFieldSpec[] = [
  { label: 'Judul', name: 'title' },
  { label: 'Ringkasan Isi Informasi', name: 'summary', multiline: true },
]
const DIP_MADE: TextFieldSpec[] = [{ label: 'Waktu Pembuatan', name: 'made_at', type: 'date' }]
const DIP_URL: TextFieldSpec[] = [{ label: 'Alamat (opsional)', name: 'url' }]
const DIP_KEEPING: TextFieldSpec[] = [
  { label: 'Pejabat/Unit yang Menguasai', name: 'official' },
  { label: 'Penanggung Jawab', name: 'responsible' },
  { label: 'Bentuk Informasi', name: 'form' },
  { label: 'Jangka Waktu Penyimpanan', name: 'retention' },
]

/** `/admin/ppid/dip/baru` and `/admin/ppid/dip/{id}`: an entry's form, and its delete button. */
export function DipEntryScreen() {
  const { entry, classes, canSave, canDelete } = useLoaderData<{
    entry: DipEntryRow | null
    classes: string[]
    canSave: boolean
    canDelete: boolean
  }>()
  const errors = Admin.useScreenErrors()
  const busy = Admin.useBusy()
  return (
    <section className="space-y-4">
      <Admin.ScreenTitle title={entry ? `Entri DIP: ${entry.title}` : 'Tambah Entri Daftar Informasi Publik'}>
        <Admin.BackTo to="/admin/ppid/dip">Kembali ke Daftar Informasi Publik</Admin.BackTo>
      </Admin.ScreenTitle>
      <Form method="post" className={`${Admin.card} space-y-4 p-5`}>
        <TextFields fields={DIP_ABOUT} values={entry ?? undefined} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Klasifikasi"
            name="class"
            defaultValue={entry?.class ?? 'berkala'}
            error={errors?.Class}
            options={classes.map((value) => ({ value, label: CLASS_LABELS[value] ?? value }))}
          />
          <TextFields fields={DIP_MADE} values={entry ?? undefined} errors={errors} />
        </div>
        <TextFields fields={DIP_URL} values={entry ?? undefined} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextFields fields={DIP_KEEPING} values={entry ?? undefined} errors={errors} />
        </div>
        {canSave ? <Admin.SaveButton busy={busy} /> : null}
      </Form>
      {canDelete ? (
        <Admin.IntentButton intent="delete" busy={busy} className={Admin.dangerClass}>
          Hapus Entri
        </Admin.IntentButton>
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
      <Admin.PrintView title={title} back={`/admin/ppid/register?${query}`}>
        {table}
      </Admin.PrintView>
    )
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      <div className={Admin.card}>
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-gray-100 p-4">
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <Admin.FilterSelect label="Register" name="type" defaultValue={type}>
              <Options choices={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }))} />
            </Admin.FilterSelect>
            <Admin.FilterSelect label="Tahun" name="year" defaultValue={year}>
              <Admin.YearOptions years={years} />
            </Admin.FilterSelect>
            <button type="submit" className={Admin.buttonClass}>
              Tampilkan
            </button>
          </Form>
          <Admin.ExportLinks
            csv={`/api/admin/ppid/register.csv?${query}`}
            print={`/admin/ppid/register?${query}&cetak=1`}
          />
        </div>
        <div className="overflow-x-auto">{table}</div>
      </div>
    </section>
  )
}
