import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { Pager } from '~/components/site/resource-list'
import type { ActivityAction } from '~/lib/activity-actions'
import { formatDateTime } from '~/lib/format'
import { Options, type SelectOption } from '~/components/shared/form'
import { ListTable, StateRow } from '~/components/shared/list-table'

/** Log Aktivitas (/admin/activities): the screen of app/doors/accounts/activities.server.ts's loader. */

const ACTION_LABELS: Record<ActivityAction, string> = {
  create: 'Membuat',
  update: 'Mengubah',
  delete: 'Menghapus',
  login: 'Login',
  login_failed: 'Login gagal',
  logout: 'Logout',
  password_change: 'Ganti password',
  password_reset: 'Reset password',
  two_factor_on: 'Verifikasi dua langkah aktif',
  two_factor_off: 'Verifikasi dua langkah nonaktif',
  settings_update: 'Ubah pengaturan situs',
  spam_blocked: 'Spam diblokir',
  report_filed: 'Laporan warga masuk',
  report_response: 'Menanggapi laporan',
  report_contact_erased: 'Kontak pelapor dihapus',
  letter_requested: 'Permohonan surat masuk',
  letter_request_corrected: 'Permohonan surat diperbaiki',
  letter_issued: 'Menerbitkan surat',
  letter_revoked: 'Mencabut surat',
  letter_data_erased: 'Data pemohon surat dihapus',
  restore: 'Memulihkan revisi',
  preview_link_created: 'Membuat tautan pratinjau',
  preview_link_revoked: 'Mencabut tautan pratinjau',
}

const RESOURCE_LABELS: Record<string, string> = {
  documents: 'Dokumen',
  reports: 'Laporan Warga',
  letters: 'Surat',
  users: 'Pengguna',
  roles: 'Role',
  permissions: 'Permission',
  categories: 'Kategori',
  posts: 'Berita',
  pages: 'Halaman',
  products: 'Produk',
  photos: 'Foto',
  sliders: 'Slider',
  aparaturs: 'Aparatur',
  settings: 'Pengaturan situs',
  uploads: 'Gambar konten',
  events: 'Agenda',
  announcements: 'Pengumuman',
  statistics: 'Statistik',
  villages: 'Desa',
}

const actionLabel = (action: string) => ACTION_LABELS[action as ActivityAction] ?? action
const resourceLabel = (resource: string) => RESOURCE_LABELS[resource] ?? resource

const controlClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30'

function FilterSelect(props: {
  name: string
  label: string
  all: string
  value: string | number | undefined
  options: SelectOption[]
}) {
  const id = `activity-${props.name}`
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {props.label}
      </label>
      <select id={id} name={props.name} defaultValue={props.value ?? ''} className={controlClass}>
        <Options none={props.all} choices={props.options} />
      </select>
    </div>
  )
}

type ActivityEntry = {
  id: number
  created_at: Date | string
  user_name: string | null
  action: string
  resource: string
  resource_id: number | null
  summary: string | null
  changes: string[]
  ip: string | null
}

type ActivityLogProps = {
  page: { data: ActivityEntry[]; current_page: number; last_page: number }
  choices: { users: { id: number; name: string }[]; resources: string[]; actions: readonly string[] }
  search: string
  filters: { user_id?: number; resource?: string; action?: string }
}

export function ActivityLog({ page, choices, search, filters }: ActivityLogProps) {
  const navigation = useNavigation()
  const { pathname, search: address } = useLocation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname
  const hrefFor = (number: number) => {
    const params = new URLSearchParams(address)
    if (number > 1) params.set('page', String(number))
    else params.delete('page')
    const query = params.toString()
    return query ? `${pathname}?${query}` : pathname
  }
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold text-gray-900">Log Aktivitas</h1>
        <p className="mt-1 text-sm text-gray-600">
          Setiap perubahan data dan setiap percobaan login: siapa, apa, kapan dan dari mana. Catatan tidak dapat diubah
          atau dihapus.
        </p>
      </div>
      <div className="rounded-xl border border-gray-200 bg-white shadow-sm">
        {/* A plain GET form: the filters live in the address, so a filtered view can be bookmarked or shared. */}
        <Form
          method="get"
          role="search"
          aria-label="Saring log"
          className="grid gap-3 border-b border-gray-100 p-4 md:grid-cols-5 md:items-end"
        >
          <div className="md:col-span-2">
            <label htmlFor="activity-search" className="mb-1 block text-sm font-medium text-gray-700">
              Cari
            </label>
            <input
              id="activity-search"
              type="search"
              name="search"
              defaultValue={search}
              placeholder="Judul, nama atau pengguna..."
              className={controlClass}
            />
          </div>
          {[
            {
              name: 'user_id',
              label: 'Pengguna',
              all: 'Semua pengguna',
              value: filters.user_id,
              options: choices.users.map((user) => ({ value: user.id, label: user.name })),
            },
            {
              name: 'resource',
              label: 'Data',
              all: 'Semua data',
              value: filters.resource,
              options: choices.resources.map((resource) => ({ value: resource, label: resourceLabel(resource) })),
            },
            {
              name: 'action',
              label: 'Aksi',
              all: 'Semua aksi',
              value: filters.action,
              options: choices.actions.map((action) => ({ value: action, label: actionLabel(action) })),
            },
          ].map((select) => (
            <FilterSelect key={select.name} {...select} />
          ))}
          <div className="flex gap-2 md:col-span-5 md:justify-end">
            <Link
              to={pathname}
              className={
                'rounded-lg border border-gray-300 bg-white px-4 py-2 ' +
                'text-sm font-medium text-gray-700 hover:bg-gray-50'
              }
            >
              Reset
            </Link>
            <button
              type="submit"
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              Terapkan
            </button>
          </div>
        </Form>
        {/* A long log scrolls sideways on a phone: the region takes the keyboard focus so it can be scrolled without a
           mouse. */}
        <ListTable
          headers={['Waktu', 'Pengguna', 'Aksi', 'Data', 'Kolom yang diubah', 'Alamat IP']}
          region="Log Aktivitas"
        >
          {loading ? (
            <StateRow span={6} title="Loading Data..." />
          ) : page.data.length === 0 ? (
            <StateRow
              span={6}
              title="Belum ada aktivitas"
              text={
                search || Object.values(filters).some((value) => value !== undefined)
                  ? 'Coba kata kunci atau saringan lain.'
                  : undefined
              }
            />
          ) : (
            page.data.map((entry) => (
              <tr key={entry.id} className="border-t border-gray-100 align-top text-sm text-gray-700">
                <td className="whitespace-nowrap px-4 py-3">{formatDateTime(entry.created_at)}</td>
                <td className="px-4 py-3">{entry.user_name || '-'}</td>
                <td className="px-4 py-3">{actionLabel(entry.action)}</td>
                <td className="px-4 py-3">
                  <span className="text-gray-500">
                    {resourceLabel(entry.resource)}
                    {entry.resource_id ? ` #${entry.resource_id}` : ''}
                  </span>
                  {entry.summary ? <span className="block text-gray-900">{entry.summary}</span> : null}
                </td>
                <td className="px-4 py-3">{entry.changes.length ? entry.changes.join(', ') : '-'}</td>
                <td className="px-4 py-3">{entry.ip ?? '-'}</td>
              </tr>
            ))
          )}
        </ListTable>
        {!loading ? (
          <div className="border-t border-gray-100 p-4 empty:hidden">
            <Pager current={page.current_page} last={page.last_page} search={search} href={hrefFor} />
          </div>
        ) : null}
      </div>
    </section>
  )
}
