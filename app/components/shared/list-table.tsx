import type { ReactNode } from 'react'

/**
 * The table of an admin list: it scrolls sideways on a narrow screen, its column headers in small capitals above the
 * rows (`children`), then `actions`, the header of a last column aligned right (the row's buttons). `region` names the
 * scrolling area and lets the keyboard focus it (to scroll without a mouse); `dense`: smaller cells, for a table in a
 * card.
 */
export function ListTable({
  headers,
  actions,
  region,
  dense,
  children,
}: {
  headers: string[]
  actions?: string
  region?: string
  dense?: boolean
  children: ReactNode
}) {
  const cell = dense ? 'px-3 py-2' : 'px-4 py-3'
  return (
    <div
      className="overflow-x-auto"
      tabIndex={region ? 0 : undefined}
      role={region ? 'region' : undefined}
      aria-label={region}
    >
      <table className={dense ? 'min-w-full text-left text-sm' : 'min-w-full'}>
        <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-500">
          <tr>
            <ColumnHeads headers={headers} className={cell} />
            {actions ? (
              <th scope="col" className={`${cell} text-right`}>
                {actions}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/** The one row of a table that has no rows to show: why (loading, failed, empty), and what to do about it. */
export function StateRow({ span, title, text }: { span: number; title: string; text?: string }) {
  return (
    <tr>
      <td colSpan={span} className="px-4 py-12 text-center">
        <p className="font-medium text-gray-800">{title}</p>
        {text ? <p className="mt-1 text-sm text-gray-500">{text}</p> : null}
      </td>
    </tr>
  )
}

/** The row of a list whose data could not be loaded. */
export function FailedRow({ span }: { span: number }) {
  return (
    <StateRow span={span} title="Failed to Load Data" text="An error occurred while loading data. Please try again." />
  )
}

/** A table's column headings: one `<th scope="col">` a header. */
export function ColumnHeads({ headers, className }: { headers: readonly string[]; className?: string }) {
  return headers.map((header) => (
    <th key={header} scope="col" className={className}>
      {header}
    </th>
  ))
}
