import type { ReactNode } from 'react'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { formatDate, formatDateTime } from '~/lib/format'
import {
  DECISIONS,
  decisionLabel,
  INBOX_KINDS,
  objectionReasonLabel,
  isOverdue,
  REPORT_KIND_LABELS,
  REPORT_STATUS_LABELS,
  REPORT_STATUSES,
  reportKindLabel,
  reportStatusLabel,
} from '~/lib/reports'
import { FilteredPager, SearchBox } from '~/components/site/resource-list'
import { labelled, Options, TextField } from '~/components/shared/form'
import { FailedRow, ListTable, StateRow } from '~/components/shared/list-table'
import * as Admin from '~/components/shared/admin-kit'

/**
 * Laporan Warga: the inbox of citizens' reports (app/doors/citizen-services/report-desk.server.ts). Every text a citizen wrote is
 * shown as text (React escapes it), never as HTML.
 */

type DateLike = string | Date

/** What the inbox shows of a report (the door's InboxRow has the sender's name and the public switch too). */
type InboxRow = {
  id: number
  ticket: string
  kind: string
  subject: string
  status: string
  due_at: DateLike | null
  created_at: DateLike
}

type InboxData = {
  page: { data: InboxRow[]; current_page: number; last_page: number } | null
  failed: boolean
  search: string
  status: string
  kind: string
  now: number
}

const STATUS_CHOICES = labelled(REPORT_STATUSES, REPORT_STATUS_LABELS)
const KIND_CHOICES = labelled(INBOX_KINDS, REPORT_KIND_LABELS)

/** A labelled full-width select of the report's sidebar forms; its id is `report-<name>`. */
function SidebarSelect(props: { label: string; name: string; defaultValue: string; children: ReactNode }) {
  const id = `report-${props.name}`
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {props.label}
      </label>
      <select id={id} name={props.name} defaultValue={props.defaultValue} className={`${Admin.selectClass} w-full`}>
        {props.children}
      </select>
    </>
  )
}

function Overdue() {
  return <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Terlambat</span>
}

export function ReportInboxScreen() {
  const list = useLoaderData<InboxData>()
  const rows = list.page?.data ?? []
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold text-gray-900">Laporan Warga</h1>
      <div className="rounded-xl border border-gray-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-gray-100 p-4">
          <SearchBox search={list.search} placeholder="Ticket, subject, name..." />
          <Form method="get" className="flex flex-wrap items-end gap-2">
            {list.search ? <input type="hidden" name="search" value={list.search} /> : null}
            {[
              { name: 'status', label: 'Status', value: list.status, choices: STATUS_CHOICES },
              { name: 'kind', label: 'Kind', value: list.kind, choices: KIND_CHOICES },
            ].map((filter) => (
              <label key={filter.name} className="text-sm text-gray-700">
                <span className="block">{filter.label}</span>
                <select name={filter.name} defaultValue={filter.value} className={Admin.selectClass}>
                  <Options none="All" choices={filter.choices} />
                </select>
              </label>
            ))}
            <button
              type="submit"
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              Filter
            </button>
          </Form>
        </div>
        <ListTable headers={['Ticket', 'Kind', 'Subject', 'Status', 'Due', 'Created At']}>
          {list.failed || !list.page ? (
            <FailedRow span={6} />
          ) : rows.length === 0 ? (
            <StateRow span={6} title="No Report Found" text={list.search ? 'Try with Other Keywords' : undefined} />
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="border-t border-gray-100 text-sm text-gray-700 hover:bg-gray-50">
                <td className="whitespace-nowrap px-4 py-3 font-medium">
                  <Link to={`/admin/reports/${row.id}`} className="text-brand-700 hover:underline">
                    {row.ticket}
                  </Link>
                </td>
                <td className="px-4 py-3">{reportKindLabel(row.kind)}</td>
                <td className="px-4 py-3">{row.subject}</td>
                <td className="whitespace-nowrap px-4 py-3">{reportStatusLabel(row.status)}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  {row.due_at ? formatDate(row.due_at) : '-'}
                  {isOverdue(row, list.now) ? <Overdue /> : null}
                </td>
                <td className="whitespace-nowrap px-4 py-3">{formatDate(row.created_at)}</td>
              </tr>
            ))
          )}
        </ListTable>
        {list.page ? (
          <FilteredPager page={list.page} search={list.search} filters={{ status: list.status, kind: list.kind }} />
        ) : null}
      </div>
    </section>
  )
}

type ReportData = {
  report: InboxRow & {
    name: string
    public: boolean
    phone: string
    email: string
    message: string
    image: string | null
    closed_at: DateLike | null
    contact_erased_at: DateLike | null
    decision?: string | null
    decision_reason?: string
    extended_at?: DateLike | null
    extend_reason?: string
    reason?: string | null
    responses: { id: number; message: string; user_name: string; created_at: DateLike }[]
  }
  now: number
  canUpdate: boolean
  canDelete: boolean
}

/** `/admin/reports/{id}`. */
export function ReportScreen() {
  const { report, now, canUpdate, canDelete } = useLoaderData<ReportData>()
  const errors = useActionData<{ errors: Record<string, string> | null }>()?.errors
  const busy = Admin.useBusy()
  const overdue = isOverdue(report, now)
  return (
    <section className="space-y-6">
      <Admin.ScreenTitle title={`Report ${report.ticket}`}>
        <Admin.BackTo to="/admin/reports">Back to Laporan Warga</Admin.BackTo>
      </Admin.ScreenTitle>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm lg:col-span-2">
          <p className="text-sm text-gray-600">
            {reportKindLabel(report.kind)} · {formatDateTime(report.created_at)} ·{' '}
            <span className="font-semibold text-gray-900">{reportStatusLabel(report.status)}</span>
          </p>
          {report.due_at ? (
            <p className="text-sm text-gray-700">
              Due: {formatDateTime(report.due_at)}
              {report.extended_at ? ` (extended: ${report.extend_reason})` : ''}
              {overdue ? <Overdue /> : null}
            </p>
          ) : null}
          {report.decision ? (
            <p className="text-sm text-gray-800">
              Keputusan: <strong>{decisionLabel(report.decision)}</strong>
              {report.decision_reason ? ` · ${report.decision_reason}` : ''}
            </p>
          ) : null}
          {report.reason ? (
            <p className="text-sm text-gray-800">Alasan keberatan: {objectionReasonLabel(report.reason)}</p>
          ) : null}
          <h2 className="text-lg font-semibold text-gray-900">{report.subject}</h2>
          <p className="whitespace-pre-line break-words text-gray-800">{report.message}</p>
          {report.image ? (
            <img
              src={`/admin/reports/${report.id}/foto`}
              alt={`Foto laporan ${report.ticket}`}
              className="max-h-96 rounded-lg border border-gray-200"
            />
          ) : null}
          <div>
            <h2 className="text-base font-semibold text-gray-900">Responses</h2>
            {report.responses.length ? (
              <ol className="mt-2 space-y-3">
                {report.responses.map((response) => (
                  <li key={response.id} className="rounded-lg bg-gray-50 p-3">
                    <p className="text-xs text-gray-500">
                      {response.user_name || 'Staf'} · {formatDateTime(response.created_at)}
                    </p>
                    <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-800">{response.message}</p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-1 text-sm text-gray-500">No response yet.</p>
            )}
          </div>
          {canUpdate ? (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="respond" />
              <TextField label="New Response" name="message" multiline error={errors?.Message} />
              <button type="submit" disabled={busy} className={Admin.buttonClass}>
                Send Response
              </button>
            </Form>
          ) : null}
        </div>
        <aside className="space-y-4">
          <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
            <h2 className="text-base font-semibold text-gray-900">Contact</h2>
            {report.contact_erased_at ? (
              <p className="mt-2 text-sm text-gray-600">
                Erased on {formatDate(report.contact_erased_at)} (retention period).
              </p>
            ) : (
              <dl className="mt-2 space-y-1 text-sm">
                <div>
                  <dt className="inline font-medium text-gray-700">Name: </dt>
                  <dd className="inline text-gray-900">{report.name}</dd>
                </div>
                <div>
                  <dt className="inline font-medium text-gray-700">Phone: </dt>
                  <dd className="inline text-gray-900">{report.phone || '-'}</dd>
                </div>
                <div>
                  <dt className="inline font-medium text-gray-700">Email: </dt>
                  <dd className="inline break-all text-gray-900">{report.email || '-'}</dd>
                </div>
              </dl>
            )}
          </div>
          {canUpdate && report.kind === 'permohonan_informasi' ? (
            <div className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="decision" />
                <SidebarSelect label="Keputusan" name="decision" defaultValue={report.decision ?? 'diberikan'}>
                  {DECISIONS.map((decision) => (
                    <option key={decision} value={decision}>
                      {decisionLabel(decision)}
                    </option>
                  ))}
                </SidebarSelect>
                <TextField
                  label="Dasar hukum pengecualian"
                  name="decision_reason"
                  multiline
                  error={errors?.Decision_reason ?? errors?.Decision}
                />
                <button type="submit" disabled={busy} className={Admin.buttonClass}>
                  Simpan Keputusan
                </button>
              </Form>
              {report.extended_at ? (
                <p className="text-sm text-gray-600">Sudah diperpanjang sekali.</p>
              ) : (
                <Form method="post" className="space-y-2">
                  <input type="hidden" name="intent" value="extend" />
                  <TextField label="Alasan perpanjangan" name="extend_reason" multiline error={errors?.Extend_reason} />
                  <button type="submit" disabled={busy} className={Admin.buttonClass}>
                    Perpanjang 7 Hari Kerja
                  </button>
                </Form>
              )}
            </div>
          ) : null}
          {canUpdate ? (
            <div className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="status" />
                <SidebarSelect label="Status" name="status" defaultValue={report.status}>
                  <Options choices={STATUS_CHOICES} />
                </SidebarSelect>
                {errors?.Status ? <p className="text-sm text-red-600">{errors.Status}</p> : null}
                <button type="submit" disabled={busy} className={Admin.buttonClass}>
                  Save Status
                </button>
              </Form>
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="public" />
                <input type="hidden" name="public" value={report.public ? '0' : '1'} />
                <p className="text-sm text-gray-700">
                  {report.public ? 'Shown on the public page /layanan.' : 'Not shown to the public.'}
                </p>
                <button
                  type="submit"
                  role="switch"
                  aria-checked={report.public}
                  disabled={busy}
                  className={Admin.buttonClass}
                >
                  Show on Public Page
                </button>
              </Form>
            </div>
          ) : null}
          {canDelete ? (
            <Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm('Are you sure you want to delete this report?')) event.preventDefault()
              }}
            >
              <input type="hidden" name="intent" value="delete" />
              <button
                type="submit"
                disabled={busy}
                className="rounded-lg border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
              >
                Delete Report
              </button>
            </Form>
          ) : null}
        </aside>
      </div>
    </section>
  )
}
