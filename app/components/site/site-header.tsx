import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useRef, useState, type FormEvent } from 'react'
import { ResponsiveImage } from '~/components/shared/responsive-image'
import { useSite } from '~/components/site/use-site'
import { SiteMenu } from './site-menu'
import { useDialogFocus } from '~/components/shared/use-dialog-focus'
import { IconButton } from '~/components/shared/icon'

/** The header search: goes to the news list searched for the term; an empty box does nothing. */
function HeaderSearch({ id, onDone }: { id: string; onDone?: () => void }) {
  const navigate = useNavigate()
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const input = event.currentTarget.elements.namedItem('search') as HTMLInputElement
    const term = input.value.trim()
    if (!term) {
      input.focus()
      return
    }
    input.value = ''
    onDone?.()
    navigate(`/posts?search=${encodeURIComponent(term)}`)
  }
  return (
    <form
      method="get"
      action="/posts"
      role="search"
      aria-label="Pencarian situs"
      onSubmit={submit}
      className="flex w-full items-center gap-2"
    >
      <label htmlFor={id} className="sr-only">
        Cari informasi
      </label>
      <input
        id={id}
        name="search"
        type="search"
        placeholder="Cari informasi..."
        className={
          'w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-emerald-600 ' +
          'focus:outline-none focus:ring-2 focus:ring-emerald-600/30'
        }
      />
      <button
        type="submit"
        className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
      >
        Cari
      </button>
    </form>
  )
}

/** The village's logo (from the site settings) and name, with its tagline where there is room. */
function Brand() {
  const site = useSite()
  return (
    <Link to="/" className="flex min-w-0 items-center gap-2 font-bold text-emerald-800">
      {site.logo ? (
        <ResponsiveImage
          kind="settings"
          image={site.logo}
          sizes="40px"
          width={40}
          height={40}
          alt={site.logoAlt}
          className="h-10 w-10 shrink-0 object-contain"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white"
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M3 10.5 12 4l9 6.5M5 9.5V20h14V9.5M10 20v-5h4v5" />
          </svg>
        </span>
      )}
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-lg leading-tight">{site.name}</span>
        {site.tagline ? (
          <span className="hidden truncate text-xs font-normal text-gray-600 sm:block">{site.tagline}</span>
        ) : null}
      </span>
    </Link>
  )
}

export function SiteHeader() {
  const { pathname, key } = useLocation()
  // The drawer belongs to the location it was opened at, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === key
  const drawer = useRef<HTMLDivElement>(null)
  const close = () => setOpenAt(null)
  useDialogFocus(drawer, open, close)

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Brand />
        <div className="ml-auto hidden w-72 shrink-0 lg:block">
          <HeaderSearch id="header-search" />
        </div>
        <IconButton
          icon="menu"
          label="Buka menu"
          onClick={() => setOpenAt(key)}
          aria-expanded={open}
          aria-controls="menu-drawer"
          className="ml-auto rounded-lg p-2 text-gray-700 hover:bg-gray-100 lg:hidden"
        />
      </div>
      {/* Wide screens: the whole menu on a row of its own, groups opening below their buttons. */}
      <div className="hidden border-t border-gray-100 lg:block">
        <SiteMenu layout="bar" pathname={pathname} locationKey={key} className="mx-auto max-w-7xl px-2" />
      </div>
      {/* Tablets have the drawer for the menu, and the search box on a row of its own. */}
      <div className="mx-auto hidden max-w-7xl px-4 pb-3 md:block lg:hidden">
        <HeaderSearch id="header-search-tablet" />
      </div>
      {open ? (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-black/40" aria-hidden="true" onClick={close} />
          <div
            ref={drawer}
            id="menu-drawer"
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
            className={
              'absolute inset-y-0 right-0 flex w-80 max-w-[85%] flex-col gap-4 ' +
              'overflow-y-auto bg-white p-4 shadow-xl'
            }
          >
            <div className="flex items-center justify-between">
              <span className="font-semibold text-gray-900">Menu</span>
              <IconButton
                icon="close"
                label="Tutup menu"
                onClick={close}
                data-autofocus
                className="rounded-lg p-2 text-gray-700 hover:bg-gray-100"
              />
            </div>
            <HeaderSearch id="drawer-search" onDone={close} />
            <SiteMenu layout="drawer" pathname={pathname} locationKey={key} onNavigate={close} />
          </div>
        </div>
      ) : null}
    </header>
  )
}
