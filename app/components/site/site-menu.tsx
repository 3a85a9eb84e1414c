import { Link } from '@remix-run/react'
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { isCurrent, isGroup, SITE_NAVIGATION, type NavGroup, type NavLink } from '~/lib/site-navigation'
import { Icon } from '~/components/shared/icon'

/**
 * The public menu (app/lib/site-navigation.ts): its links, and its groups as disclosure buttons (`aria-expanded`,
 * `aria-controls`) that open a list of links by touch, click or keyboard (Enter or Space; the down arrow also moves to
 * the first link), one at a time. Escape closes the open group and gives focus back to its button; on a wide screen a
 * group also closes when focus or a click goes elsewhere. `bar`: the row of a wide screen, each group's links
 * dropping down below its button; `drawer`: the phone's drawer, each group unfolding in place. Any navigation closes
 * the open group (it belongs to the location it was opened at).
 */

type Layout = 'bar' | 'drawer'

/** The row of a wide screen fits every entry from 1024 px on: a little less room each until 1280 px. */
const padding = (layout: Layout) => (layout === 'bar' ? 'px-2 py-2 xl:px-3' : 'px-3 py-2.5')

/** `menu-link` (app/tailwind.css) marks the current page by its `aria-current`. */
const linkClass = (layout: Layout) => `menu-link ${padding(layout)}`

function MenuLink({
  link,
  pathname,
  layout,
  onNavigate,
}: {
  link: NavLink
  pathname: string
  layout: Layout
  onNavigate?: () => void
}) {
  const current = isCurrent(link, pathname)
  return (
    <Link to={link.to} onClick={onNavigate} aria-current={current ? 'page' : undefined} className={linkClass(layout)}>
      {link.label}
    </Link>
  )
}

function MenuGroup({
  group,
  panelId,
  open,
  layout,
  pathname,
  onOpen,
  onClose,
  onNavigate,
}: {
  group: NavGroup
  panelId: string
  open: boolean
  layout: Layout
  pathname: string
  onOpen: (focusFirst: boolean) => void
  onClose: () => void
  onNavigate?: () => void
}) {
  const button = useRef<HTMLButtonElement>(null)
  const current = group.items.some((item) => isCurrent(item, pathname))
  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key === 'Escape' && open) {
      // The group first; a second Escape reaches the drawer (its listener is on the document, beside React's).
      event.preventDefault()
      event.stopPropagation()
      event.nativeEvent.stopImmediatePropagation()
      onClose()
      button.current?.focus()
    }
  }
  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      onOpen(true)
    }
  }
  function onBlur(event: FocusEvent<HTMLLIElement>) {
    if (layout === 'bar' && open && !event.currentTarget.contains(event.relatedTarget as Node | null)) onClose()
  }
  return (
    <li className={layout === 'bar' ? 'relative' : ''} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? onClose() : onOpen(false))}
        onKeyDown={onButtonKeyDown}
        className={
          `flex w-full items-center justify-between gap-1 rounded-lg text-left text-sm font-medium transition-colors ` +
          `${padding(layout)} ${current ? 'text-emerald-800' : 'text-gray-700'} ` +
          `hover:bg-gray-100 hover:text-emerald-800`
        }
      >
        {group.label}
        <Icon name="down" className={`h-4 w-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className={
          layout === 'bar'
            ? 'absolute left-0 top-full z-40 mt-1 min-w-52 space-y-0.5 rounded-xl border border-gray-200 bg-white ' +
              'p-2 shadow-lg'
            : 'ml-3 mt-1 space-y-0.5 border-l-2 border-emerald-100 pl-2'
        }
      >
        {group.items.map((item) => (
          <li key={item.to}>
            <MenuLink
              link={item}
              pathname={pathname}
              layout={layout === 'bar' ? 'drawer' : layout}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
    </li>
  )
}

export function SiteMenu({
  layout,
  pathname,
  locationKey,
  onNavigate,
  className = '',
}: {
  layout: Layout
  pathname: string
  /** The location the menu shows: a group opened at one location is closed at the next. */
  locationKey: string
  onNavigate?: () => void
  className?: string
}) {
  const [open, setOpen] = useState<{ id: string; at: string; focusFirst: boolean } | null>(null)
  const openId = open?.at === locationKey ? open.id : null
  const nav = useRef<HTMLElement>(null)
  const prefix = `menu-${layout}`

  // The down arrow moved here: focus the group's first link once it shows.
  useEffect(() => {
    if (!open?.focusFirst || open.at !== locationKey) return
    nav.current?.querySelector<HTMLElement>(`#${prefix}-${open.id} a`)?.focus()
  }, [open, locationKey, prefix])

  // A click or touch outside the row closes its open group.
  useEffect(() => {
    if (layout !== 'bar' || !openId) return
    const outside = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(null)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [layout, openId])

  return (
    <nav ref={nav} aria-label="Menu utama" className={className}>
      <ul className={layout === 'bar' ? 'flex flex-wrap items-center gap-0.5' : 'flex flex-col gap-1'}>
        {SITE_NAVIGATION.map((entry) =>
          isGroup(entry) ? (
            <MenuGroup
              key={entry.id}
              group={entry}
              panelId={`${prefix}-${entry.id}`}
              open={openId === entry.id}
              layout={layout}
              pathname={pathname}
              onOpen={(focusFirst) => setOpen({ id: entry.id, at: locationKey, focusFirst })}
              onClose={() => setOpen(null)}
              onNavigate={onNavigate}
            />
          ) : (
            <li key={entry.to}>
              <MenuLink link={entry} pathname={pathname} layout={layout} onNavigate={onNavigate} />
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
