import {
  Form,
  isRouteErrorResponse,
  Link,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { formatDate, formatDateTime, formatRupiah } from '~/lib/format'
import { pagerWindow } from '~/lib/paging'
import {
  addLabel,
  cellValue,
  emptyTitle,
  imageUrlOf,
  isUploadOnly,
  listTitle,
  lowerThing,
  permissionsOf,
  type Column,
  type ResourceDeclaration,
  type Row,
} from '~/resources/resource'
import { DeleteButton } from '~/components/shared/delete-dialog'
import { PublishBadge } from '~/components/content/publish-controls'
import { PUBLISH_STATE_LABELS } from '~/lib/zoned-time'
import { PencilIcon, PlusIcon, SearchIcon } from '~/components/shared/icons'
import { useCan } from '~/components/accounts/admin-session'
import { UploadForm } from '~/components/content/upload-form'
import { BackButton } from '~/components/shared/form'
import { filterHref } from '~/components/shared/admin-kit'
import { FailedRow, ListTable, StateRow } from '~/components/shared/list-table'

export type ListData = {
  page: { data: Row[]; current_page: number; last_page: number } | null
  search: string
  failed: boolean
  /** The publishing filter of posts, pages and products (`?status=draft|scheduled|published`), '' for all. */
  status?: string
  /** The server's time (ms) the rows' publishing states are judged at. */
  now?: number
}

/** `?search=..&page=..`: search only when non-empty, page only above 1 (and the status filter when one is chosen). */
export function listHref(pathname: string, search: string, page = 1, status = '') {
  const params = new URLSearchParams()
  if (search) params.set('search', search)
  if (status) params.set('status', status)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/** Search applied on Enter, back to page 1, mirrored to the address. */
/** A new search starts at page 1 and keeps the status filter, if one is chosen. */
export function SearchBox({
  search,
  status = '',
  placeholder = 'Search...',
}: {
  search: string
  status?: string
  placeholder?: string
}) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (
    <Form
      method="get"
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        const value = String(new FormData(event.currentTarget).get('search') ?? '').trim()
        navigate(listHref(pathname, value, 1, status))
      }}
      className="relative w-full sm:max-w-xs"
    >
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-gray-400">
        <SearchIcon className="h-4 w-4" />
      </span>
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <input
        key={search}
        type="search"
        name="search"
        aria-label="Search"
        defaultValue={search}
        placeholder={placeholder}
        className={
          'block w-full rounded-lg border border-gray-300 bg-white py-2 pl-9 pr-3 text-sm ' +
          'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30'
        }
      />
    </Form>
  )
}

const pageClass = (active: boolean) =>
  `inline-flex h-9 min-w-9 items-center justify-center rounded-lg border px-3 text-sm ${
    active ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
  }`

/** A page's link in the pager: the current page is marked as such. */
function PageLink({ page, current, to }: { page: number; current: number; to: string }) {
  return (
    <li>
      <Link
        to={to}
        aria-label={`Page ${page}`}
        aria-current={page === current ? 'page' : undefined}
        className={pageClass(page === current)}
      >
        {page}
      </Link>
    </li>
  )
}

/** The pages left out between two links of the pager. */
function Gap() {
  return (
    <li aria-hidden="true" className="px-1 text-gray-500">
      …
    </li>
  )
}

/**
 * The admin pager, on the right: at most 5 page links, first/last shortcuts and ellipses. `href` overrides the
 * address of a page (a list with filters besides the search keeps them).
 */
/** The pager of a back-office list with filters, in its bordered footer: its pages keep the search and the filters. */
export function FilteredPager({
  page,
  search,
  filters,
}: {
  page: { current_page: number; last_page: number }
  search: string
  filters: Record<string, string>
}) {
  const { pathname } = useLocation()
  return (
    <div className="border-t border-gray-100 p-4">
      <Pager
        current={page.current_page}
        last={page.last_page}
        search={search}
        href={(n) => filterHref(pathname, { search, ...filters }, n)}
      />
    </div>
  )
}

export function Pager({
  current,
  last,
  search,
  href,
}: {
  current: number
  last: number
  search: string
  href?: (page: number) => string
}) {
  const { pathname } = useLocation()
  if (last <= 1) return null
  const window = pagerWindow(Math.min(current, last), last)
  const link = (page: number) => (
    <PageLink key={page} page={page} current={current} to={href ? href(page) : listHref(pathname, search, page)} />
  )
  return (
    <nav aria-label="Pagination" className="flex justify-end">
      <ul className="flex flex-wrap items-center gap-1">
        {window.showFirst ? link(1) : null}
        {window.leadingEllipsis ? <Gap /> : null}
        {window.pages.map(link)}
        {window.trailingEllipsis ? <Gap /> : null}
        {window.showLast ? link(last) : null}
      </ul>
    </nav>
  )
}

/** A list cell: the row's field in the column's format (see ColumnFormat). */
function Cell({
  row,
  column,
  resource,
  now,
}: {
  row: Row
  column: Column
  resource: ResourceDeclaration
  now: number
}) {
  const value = cellValue(row, column.field)
  switch (column.format) {
    case 'date':
      return formatDate(value as string | Date)
    case 'datetime':
      return value ? formatDateTime(value as string | Date) : '-'
    case 'choice':
      return (
        resource.fields.find((field) => field.name === column.field)?.choices?.find((c) => c.value === value)?.label ??
        (value as ReactNode)
      )
    case 'rupiah':
      return formatRupiah(value as number)
    case 'percent':
      return `${value as number}%`
    case 'name':
      return (value as { name: string } | null)?.name ?? '-'
    case 'count':
      return (value as unknown[]).length
    case 'thumbnail':
      return <Thumbnail url={imageUrlOf(resource, value)} />
    case 'status':
      return <PublishBadge row={row} now={now} />
    case 'badges':
      return (
        <span className="flex flex-wrap gap-1">
          {(value as { id: number; name: string }[]).map((item) => (
            <span key={item.id} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
              {item.name}
            </span>
          ))}
        </span>
      )
    default:
      return value as ReactNode
  }
}

/**
 * Every admin list, from the resource's declaration: title, add button (or the upload form of
 * photos and sliders), search, the table with its loading / error / empty states, per-row edit and delete,
 * and the pager. Each control shows only with its permission; the server checks again on every call.
 */
export function ListScreen({ resource, list }: { resource: ResourceDeclaration; list: ListData }) {
  const can = useCan()
  const permissions = permissionsOf(resource)
  const uploadOnly = isUploadOnly(resource)
  const canEdit = !!permissions.edit && can(permissions.edit)
  const canDelete = can(permissions.delete)
  const add = addLabel(resource)
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname && !navigation.formMethod
  const { columns } = resource
  const span = columns.length + 1
  const rows = list.page?.data ?? []
  const rowLabel = (row: Row) => String(row[resource.label] || `${lowerThing(resource)} ${row.id}`)

  let body: ReactNode
  if (loading) body = <StateRow span={span} title="Loading Data..." />
  else if (list.failed || !list.page) body = <FailedRow span={span} />
  else if (rows.length === 0)
    body = <StateRow span={span} title={emptyTitle(resource)} text={list.search ? 'Try with Other Keywords' : add} />
  else
    body = rows.map((row) => (
      <tr key={row.id} className="border-t border-gray-100 hover:bg-gray-50">
        {columns.map((column) => (
          <td
            key={column.header}
            className={
              'px-4 py-3 align-middle text-sm text-gray-700 ' +
              `${column.format === 'rupiah' || column.format === 'percent' ? 'whitespace-nowrap' : ''}`
            }
          >
            <Cell row={row} column={column} resource={resource} now={list.now ?? 0} />
          </td>
        ))}
        <td className="px-4 py-3 text-right">
          <div className="flex justify-end gap-1">
            {canEdit ? (
              <Link
                to={`/admin/${resource.name}/edit/${row.id}`}
                aria-label={`Edit ${rowLabel(row)}`}
                title="Edit"
                className="rounded-lg p-2 text-brand-700 hover:bg-brand-50"
              >
                <PencilIcon />
              </Link>
            ) : null}
            {canDelete ? (
              <DeleteButton id={row.id} thing={lowerThing(resource)} label={rowLabel(row)} search={list.search} />
            ) : null}
          </div>
        </td>
      </tr>
    ))

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-gray-900">{listTitle(resource)}</h1>
        {!uploadOnly && permissions.create && can(permissions.create) ? (
          <Link
            to={`/admin/${resource.name}/create`}
            className={
              'inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium ' +
              'text-white hover:bg-brand-700'
            }
          >
            <PlusIcon className="h-4 w-4" />
            {add}
          </Link>
        ) : null}
      </div>
      {uploadOnly && permissions.create && can(permissions.create) ? <UploadForm resource={resource} /> : null}
      <div className="rounded-xl border border-gray-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-100 p-4">
          <SearchBox search={list.search} status={list.status ?? ''} />
          {resource.publishing ? <StatusFilter search={list.search} status={list.status ?? ''} /> : null}
        </div>
        <ListTable headers={columns.map((column) => column.header)} actions="Actions">
          {body}
        </ListTable>
        {list.page && !loading ? (
          <div className="border-t border-gray-100 p-4">
            <Pager
              current={list.page.current_page}
              last={list.page.last_page}
              search={list.search}
              href={(page) => listHref(pathname, list.search, page, list.status)}
            />
          </div>
        ) : null}
      </div>
    </section>
  )
}

const STATUS_CHOICES = [['', 'Semua'], ...Object.entries(PUBLISH_STATE_LABELS)] as const

/** Semua / Draf / Terjadwal / Terbit: the list of posts, pages or products narrowed to one publishing state. */
function StatusFilter({ search, status }: { search: string; status: string }) {
  const { pathname } = useLocation()
  return (
    <nav aria-label="Filter status">
      <ul className="flex flex-wrap gap-1">
        {STATUS_CHOICES.map(([value, label]) => (
          <li key={value}>
            <Link
              to={listHref(pathname, search, 1, value)}
              aria-current={status === value ? 'page' : undefined}
              className={pageClass(status === value)}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A list route whose data could not be loaded (e.g. the connection dropped): the shell stays, the table says so. */
export function ListErrorBoundary() {
  return (
    <section role="alert" className="rounded-xl border border-gray-200 bg-white px-4 py-12 text-center shadow-sm">
      <p className="font-medium text-gray-800">Failed to Load Data</p>
      <p className="mt-1 text-sm text-gray-500">An error occurred while loading data. Please try again.</p>
    </section>
  )
}

/** An edit screen whose record does not exist (404), or that failed to load, inside the shell. */
export function RecordErrorBoundary() {
  const error = useRouteError()
  const missing = isRouteErrorResponse(error) && error.status === 404
  return (
    <section role="alert" className="rounded-xl border border-gray-200 bg-white px-4 py-12 text-center shadow-sm">
      <p className="font-medium text-gray-800">{missing ? 'Data Not Found' : 'Failed to Load Data'}</p>
      <p className="mt-1 text-sm text-gray-500">
        {missing
          ? 'The data you are looking for does not exist or has been deleted.'
          : 'An error occurred while loading data. Please try again.'}
      </p>
      <BackButton className="mt-4">Go Back</BackButton>
    </section>
  )
}

/** A thumbnail of an uploaded image. */
function Thumbnail({ url }: { url: string | null }) {
  if (!url) return <span className="text-gray-400">-</span>
  return <img src={url} alt="" loading="lazy" className="h-12 w-16 rounded-md object-cover" />
}
