import { Link, useNavigate } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { Icon } from './icon'

/**
 * "Back" that returns to the previous screen of this site when there is one (keeping its search and
 * page), and otherwise goes to `fallback`, e.g. when the detail was opened from a shared link.
 */
export function BackLink({ fallback, children }: { fallback: string; children: React.ReactNode }) {
  const navigate = useNavigate()
  function back(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (index > 0) {
      event.preventDefault()
      navigate(-1)
    }
  }
  return (
    <Link
      to={fallback}
      onClick={back}
      className={
        'inline-flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-emerald-800 ' +
        'hover:bg-emerald-50'
      }
    >
      <Icon name="previous" className="h-4 w-4" />
      {children}
    </Link>
  )
}
