import { Fragment } from 'react'
import { Link, useLocation, useNavigation } from '@remix-run/react'
import { formatDate } from '~/lib/format'
import type { VillageStats } from '~/lib/village-stats'
import { ConfirmButton } from '~/components/shared/delete-dialog'
import { PencilIcon, PlusIcon } from '~/components/shared/icons'
import { ListTable, StateRow } from '~/components/shared/list-table'
import { listHref, Pager, SearchBox } from '~/components/site/resource-list'
import { HeadedSection } from '~/components/shared/headed-section'
import { ScreenHead } from '~/components/shared/screen-head'
import { Options } from '~/components/shared/form'

/**
 * The regency console's list of villages (/admin/desa, app/doors/regency/regency-console.server.ts): each village with its
 * address, domains, status and figures, stale ones marked, and its actions: edit, export, suspend or resume, delete
 * (a suspended village only).
 */

export type VillageRow = {
  id: string
  slug: string
  name: string
  domains: string[]
  status: 'active' | 'suspended'
  url: string
  stale: boolean
  kode_wilayah: string | null
  kecamatan: string
  stats: VillageStats
  figures: {
    apbdes: { realisasi_belanja_pct: number | null } | null
    developments: { count: number }
    reports: { on_time_pct: number | null }
  } | null
}

export type VillageListData = {
  page: { data: VillageRow[]; current_page: number; last_page: number; total: number }
  search: string
  kecamatan: string
  sort: string
  sorts: { value: string; label: string }[]
  kecamatanNames: string[]
  staleAfterDays: number
  /** Peta Desa (docs/api.md "Village map (peta desa)", Regency): the boundary checks of the active villages. */
  boundaries?: {
    missing: { slug: string; name: string }[]
    overlaps: { a: { name: string }; b: { name: string }; area_m2: number }[]
  }
  canWrite: boolean
}

export const STATUS_LABELS = { active: 'Aktif', suspended: 'Dinonaktifkan' } as const

const HEADERS = [
  'Desa',
  'Domain',
  'Status',
  'Terbit terakhir',
  'Berita 30 hari',
  'APBDes terbaru',
  'Laporan terbuka',
  'Surat menunggu',
  'PPID tepat waktu',
  'Realisasi belanja',
  'Proyek',
  'Laporan tepat waktu',
]

const pct = (value: number | null | undefined) => (value === null || value === undefined ? '-' : `${value}%`)

const badge = 'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium'
const actionClass = 'rounded-lg px-2 py-1.5 text-sm font-medium hover:bg-gray-100 disabled:opacity-50 whitespace-nowrap'

export function StatusBadge({ status }: { status: VillageRow['status'] }) {
  return (
    <span className={`${badge} ${status === 'active' ? 'bg-green-100 text-green-800' : 'bg-gray-200 text-gray-800'}`}>
      {STATUS_LABELS[status]}
    </span>
  )
}

/** A row's action that asks first, posting `intent` and the village's id (with the list's search and page). */
function VillageAction({
  id,
  intent,
  label,
  name,
  question,
  confirm,
  danger,
  search,
  page,
}: {
  id: string
  intent: 'suspend' | 'resume' | 'delete'
  label: string
  name: string
  question: string
  confirm: string
  danger?: boolean
  search: string
  page: number
}) {
  return (
    <ConfirmButton
      fields={{ intent, id, search, page }}
      question={question}
      confirm={confirm}
      cancel="Batal"
      danger={danger}
      opener={{
        'aria-label': `${label} ${name}`,
        className: `${actionClass} ${danger ? 'text-red-600 hover:bg-red-50' : 'text-gray-700'}`,
      }}
    >
      {label}
    </ConfirmButton>
  )
}

/** The address a village's own site has, without the scheme (`sukamaju.kab.example.id`). */
const hostOf = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '')

function VillageRowView({
  village,
  search,
  page,
  canWrite,
}: {
  village: VillageRow
  search: string
  page: number
  canWrite: boolean
}) {
  const { stats } = village
  const cell = 'px-4 py-3 align-top text-sm text-gray-700'
  const rowActions = { id: village.id, name: village.name, search, page }
  return (
    <tr className="border-t border-gray-100 hover:bg-gray-50">
      <td className={cell}>
        <span className="block font-medium text-gray-900">{village.name}</span>
        {village.kode_wilayah ? <span className="block text-xs text-gray-500">{village.kode_wilayah}</span> : null}
        <a href={village.url} className="text-brand-700 underline-offset-2 hover:underline">
          {hostOf(village.url)}
        </a>
      </td>
      <td className={cell}>
        {village.domains.length ? (
          <ul>
            {village.domains.map((domain) => (
              <li key={domain}>{domain}</li>
            ))}
          </ul>
        ) : (
          '-'
        )}
      </td>
      <td className={cell}>
        <StatusBadge status={village.status} />
      </td>
      <td className={cell}>
        <span className="block whitespace-nowrap">
          {stats.last_published_at ? formatDate(stats.last_published_at) : 'Belum pernah'}
        </span>
        {village.stale ? <span className={`${badge} mt-1 bg-amber-100 text-amber-900`}>Tidak diperbarui</span> : null}
      </td>
      <td className={cell}>{stats.posts_30d}</td>
      <td className={cell}>{stats.budget_year ?? '-'}</td>
      <td className={cell}>{stats.open_reports}</td>
      <td className={cell}>{stats.pending_letters}</td>
      <td className={cell}>
        {stats.ppid_on_time_pct === null || stats.ppid_on_time_pct === undefined
          ? '-'
          : `${stats.ppid_on_time_pct.toLocaleString('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`}
      </td>
      <td className={cell}>{pct(village.figures?.apbdes?.realisasi_belanja_pct)}</td>
      <td className={cell}>{village.figures?.developments.count ?? '-'}</td>
      <td className={cell}>{pct(village.figures?.reports.on_time_pct)}</td>
      <td className="px-4 py-3 text-right align-top">
        {canWrite ? (
          <div className="flex flex-wrap justify-end gap-1">
            <Link
              to={`/admin/desa/${village.id}`}
              aria-label={`Edit ${village.name}`}
              title="Edit"
              className="rounded-lg p-2 text-brand-700 hover:bg-brand-50"
            >
              <PencilIcon />
            </Link>
            {/* A file to save: a plain link, not a client-side navigation. */}
            <a
              href={`/admin/desa/${village.id}/export`}
              download
              aria-label={`Ekspor ${village.name}`}
              className={`${actionClass} text-gray-700`}
            >
              Ekspor
            </a>
            {village.status === 'active' ? (
              <VillageAction
                {...rowActions}
                intent="suspend"
                label="Nonaktifkan"
                question={
                  `Nonaktifkan ${village.name}? Semua alamatnya akan menjawab "Situs desa ini sedang dinonaktifkan." ` +
                  'Datanya tetap tersimpan.'
                }
                confirm="Ya, nonaktifkan"
              />
            ) : (
              <>
                <VillageAction
                  {...rowActions}
                  intent="resume"
                  label="Aktifkan"
                  question={`Aktifkan kembali ${village.name}? Situsnya akan terbuka lagi untuk umum.`}
                  confirm="Ya, aktifkan"
                />
                <VillageAction
                  {...rowActions}
                  intent="delete"
                  label="Hapus"
                  danger
                  question={
                    `Hapus ${village.name} beserta seluruh datanya (akun, isi, berkas)? Tindakan ini tidak dapat ` +
                    'dibatalkan: ekspor dulu bila datanya masih diperlukan.'
                  }
                  confirm="Ya, hapus"
                />
              </>
            )}
          </div>
        ) : null}
      </td>
    </tr>
  )
}

/** The list's filter (a kecamatan) and order (by kecamatan and name, or by a figure): a plain GET form. */
function ListFilters({
  kecamatan,
  sort,
  sorts,
  kecamatanNames,
  search,
}: Pick<VillageListData, 'kecamatan' | 'sort' | 'sorts' | 'kecamatanNames' | 'search'>) {
  const select = 'rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm'
  return (
    <form method="get" className="flex flex-wrap items-end gap-2" aria-label="Saring desa">
      {search ? <input type="hidden" name="search" value={search} /> : null}
      <label className="text-sm text-gray-700">
        <span className="block">Kecamatan</span>
        <select name="kecamatan" defaultValue={kecamatan} className={select}>
          <Options none="Semua kecamatan" choices={kecamatanNames.map((name) => ({ value: name, label: name }))} />
        </select>
      </label>
      <label className="text-sm text-gray-700">
        <span className="block">Urutkan</span>
        <select name="sort" defaultValue={sort} className={select}>
          <Options choices={sorts} />
        </select>
      </label>
      <button type="submit" className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium">
        Terapkan
      </button>
    </form>
  )
}

export function VillageListScreen({
  page,
  search,
  kecamatan,
  sort,
  sorts,
  kecamatanNames,
  staleAfterDays,
  canWrite,
  boundaries,
}: VillageListData) {
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname && !navigation.formMethod
  const span = HEADERS.length + 1
  const primary =
    'inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white ' +
    'hover:bg-brand-700'
  const secondary =
    'inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium ' +
    'text-gray-700 hover:bg-gray-50'
  return (
    <section className="space-y-4">
      <ScreenHead
        title="Desa"
        intro={
          <>
            Situs desa yang diselenggarakan kabupaten. Desa bertanda{' '}
            <span className={`${badge} bg-amber-100 text-amber-900`}>Tidak diperbarui</span> tidak menerbitkan berita
            dalam {staleAfterDays} hari terakhir (atau belum pernah).
          </>
        }
      >
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <Link to="/admin/desa/import" className={secondary}>
              Impor Desa
            </Link>
            <Link to="/admin/desa/create" className={primary}>
              <PlusIcon className="h-4 w-4" />
              Tambah Desa
            </Link>
          </div>
        ) : null}
      </ScreenHead>
      <div className="rounded-xl border border-gray-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-100 p-4">
          <SearchBox search={search} placeholder="Cari nama, slug atau domain..." />
          <ListFilters {...{ kecamatan, sort, sorts, kecamatanNames, search }} />
          <p className="text-sm text-gray-600">{page.total} desa</p>
        </div>
        <ListTable headers={HEADERS} actions="Aksi" region="Daftar desa">
          {loading ? (
            <StateRow span={span} title="Loading Data..." />
          ) : page.data.length === 0 ? (
            <StateRow
              span={span}
              title="Belum ada desa"
              text={search ? 'Coba kata kunci lain.' : 'Tambahkan desa pertama, atau impor dari berkas cadangan.'}
            />
          ) : (
            page.data.map((village, at) => {
              // Grouped by kecamatan (when the villages have one and the list is not ordered by a figure).
              const group =
                !sort && village.kecamatan && village.kecamatan !== page.data[at - 1]?.kecamatan
                  ? village.kecamatan
                  : null
              return (
                <Fragment key={village.id}>
                  {group ? (
                    <tr className="border-t border-gray-200 bg-gray-50">
                      <th
                        colSpan={span}
                        scope="colgroup"
                        className="px-4 py-2 text-left text-sm font-semibold text-gray-900"
                      >
                        Kecamatan {group}
                      </th>
                    </tr>
                  ) : null}
                  <VillageRowView village={village} search={search} page={page.current_page} canWrite={canWrite} />
                </Fragment>
              )
            })
          )}
        </ListTable>
        {!loading ? (
          <div className="border-t border-gray-100 p-4 empty:hidden">
            <Pager
              current={page.current_page}
              last={page.last_page}
              search={search}
              href={(number) => {
                const href = listHref(pathname, search, number)
                const extra = new URLSearchParams()
                if (kecamatan) extra.set('kecamatan', kecamatan)
                if (sort) extra.set('sort', sort)
                return extra.size ? `${href}${href.includes('?') ? '&' : '?'}${extra}` : href
              }}
            />
          </div>
        ) : null}
      </div>
      {boundaries ? <BoundaryChecks {...boundaries} /> : null}
    </section>
  )
}

/** A box of the boundary checks: its items as a list, or `none` when there are none. */
function CheckBox({ id, title, items, none }: { id: string; title: string; items: React.ReactNode[]; none: string }) {
  return (
    <HeadedSection id={id} title={title} className="rounded-xl bg-white p-4 shadow-sm" heading="plain">
      {items.length ? (
        <ul className="mt-2 list-disc pl-5 text-sm text-gray-700">{items}</ul>
      ) : (
        <p className="mt-2 text-sm text-gray-500">{none}</p>
      )}
    </HeadedSection>
  )
}

/** The active villages without a boundary (`batas-desa`), and the pairs overlapping by more than 1,000 m². */
function BoundaryChecks({ missing, overlaps }: NonNullable<VillageListData['boundaries']>) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <CheckBox
        id="tanpa-batas"
        title="Desa tanpa batas wilayah"
        items={missing.map((village) => (
          <li key={village.slug}>{village.name}</li>
        ))}
        none="Setiap desa aktif sudah memiliki batas wilayah."
      />
      <CheckBox
        id="batas-tumpang"
        title="Batas yang tumpang tindih (lebih dari 1.000 m²)"
        items={overlaps.map((pair) => (
          <li key={`${pair.a.name}|${pair.b.name}`}>
            {pair.a.name} dan {pair.b.name}: {pair.area_m2.toLocaleString('id-ID')} m²
          </li>
        ))}
        none="Tidak ada."
      />
    </div>
  )
}
