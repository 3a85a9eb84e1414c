import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'

/**
 * The pieces the back office's own screens share (letters, reports, PPID, map): the classes of their buttons, fields
 * and cards, the title row with its link back, the filter boxes, the CSV and print links, the print view and the
 * one-button forms. Plain forms and links: every screen works without scripts. Imported as a namespace
 * (`import * as Admin from '~/components/shared/admin-kit'`: `Admin.buttonClass`, `<Admin.ScreenTitle>`).
 */

export const buttonClass =
  'rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60'
export const dangerClass =
  'rounded-lg border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60'
export const selectClass =
  'rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30'
export const card = 'rounded-xl border border-gray-200 bg-white shadow-sm'

/** The field errors of the screen's last form post (null when it succeeded or nothing was posted). */
export const useScreenErrors = () => useActionData<{ errors: Record<string, string> | null }>()?.errors ?? null

/** Whether a form of the screen is on its way (its buttons wait). */
export const useBusy = () => useNavigation().state !== 'idle'

/**
 * The screen's title, with its actions (a link back, a button) on the right; `add` is the button to a new record's
 * form, for a user who may create one.
 */
export function ScreenTitle({
  title,
  add,
  children,
}: {
  title: string
  add?: { to: string; label: string } | false
  children?: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      {add ? (
        <Link to={add.to} className={buttonClass}>
          {add.label}
        </Link>
      ) : null}
      {children}
    </div>
  )
}

/** A list's address with its filters (only those not empty, in this order) and its page (above 1). */
export function filterHref(pathname: string, filters: Record<string, string>, page = 1) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

/** The save button of a record's form. */
export function SaveButton({ busy }: { busy: boolean }) {
  return (
    <button type="submit" name="intent" value="save" disabled={busy} className={buttonClass}>
      Simpan
    </button>
  )
}

/** The link back to the list a screen belongs to. */
export function BackTo({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
      {children}
    </Link>
  )
}

/** A form of one button that posts its `intent` (and `id`, when given). */
export function IntentButton({
  intent,
  id,
  busy,
  className,
  formClass,
  children,
}: {
  intent: string
  id?: number
  busy?: boolean
  className: string
  formClass?: string
  children: ReactNode
}) {
  return (
    <Form method="post" className={formClass}>
      <input type="hidden" name="intent" value={intent} />
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
      <button type="submit" disabled={busy} className={className}>
        {children}
      </button>
    </Form>
  )
}

/** A labelled select of a list's filter form. */
export function FilterSelect({
  label,
  name,
  defaultValue,
  children,
}: {
  label: string
  name: string
  defaultValue: string | number
  children: ReactNode
}) {
  return (
    <label className="text-sm text-gray-700">
      <span className="block">{label}</span>
      <select name={name} defaultValue={defaultValue} className={selectClass}>
        {children}
      </select>
    </label>
  )
}

/** The years of a register, as the options of its `Tahun` select. */
export function YearOptions({ years }: { years: number[] }) {
  return years.map((year) => (
    <option key={year} value={year}>
      {year}
    </option>
  ))
}

/** A register's `Unduh CSV` and `Cetak` links. */
export function ExportLinks({ csv, print }: { csv: string; print: string }) {
  return (
    <div className="flex gap-3 text-sm">
      <a href={csv} className="font-medium text-brand-700 hover:underline">
        Unduh CSV
      </a>
      <Link to={print} className="font-medium text-brand-700 hover:underline">
        Cetak
      </Link>
    </div>
  )
}

/** A register's print view (`&cetak=1`): its title, the way back (hidden on paper) and its table. */
export function PrintView({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <section className="space-y-4 print:text-xs">
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      <p className="text-sm text-gray-600 print:hidden">
        Gunakan menu cetak peramban (Ctrl+P).{' '}
        <Link to={back} className="text-brand-700 hover:underline">
          Kembali
        </Link>
      </p>
      {children}
    </section>
  )
}
