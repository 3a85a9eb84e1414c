import { Link, useLocation, useSearchParams } from '@remix-run/react'

const link =
  'inline-flex h-10 items-center justify-center rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium ' +
  'text-gray-700 hover:bg-emerald-50'

/**
 * Previous and next for one of several lists on a screen (the agenda's upcoming and past events), by the address
 * parameter `param`; the address's other parameters stay. Hidden for one page.
 */
export function SimplePager({
  param,
  current,
  last,
  label,
}: {
  param: string
  current: number
  last: number
  label: string
}) {
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  if (last <= 1) return null
  const href = (page: number) => {
    const next = new URLSearchParams(params)
    if (page > 1) next.set(param, String(page))
    else next.delete(param)
    const query = next.toString()
    return query ? `${pathname}?${query}` : pathname
  }
  const page = Math.min(current, last)
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset className={link}>
          <span aria-hidden="true">‹</span>&nbsp;Sebelumnya
        </Link>
      ) : null}
      <span className="text-gray-600">
        Halaman {page} dari {last}
      </span>
      {page < last ? (
        <Link to={href(page + 1)} preventScrollReset className={link}>
          Berikutnya&nbsp;<span aria-hidden="true">›</span>
        </Link>
      ) : null}
    </nav>
  )
}
