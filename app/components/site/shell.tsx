import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { RESOURCES } from '~/resources'
import { holdsAny, type PermissionName, type ResourceName } from '~/resources/permissions'
import { permissionsOf } from '~/resources/resource'
import { Icon, type IconName } from '~/components/shared/icons'
import type { AdminSession } from '~/components/accounts/admin-session'

type NavItem = { label: string; to: string; permission?: PermissionName }
type NavEntry = { label: string; icon: IconName } & (NavItem | { items: NavItem[] })

/** A resource's list: named after it, shown with its {resource}-index permission. */
const item = (name: ResourceName): NavItem => ({
  label: RESOURCES[name].menu ?? RESOURCES[name].things,
  to: `/admin/${name}`,
  permission: permissionsOf(RESOURCES[name]).index,
})

/** The admin sidebar: an item shows with its {resource}-index permission, a group with any of its items. */
const NAVIGATION: NavEntry[] = [
  { label: 'Dashboard', icon: 'home', to: '/admin/dashboard' },
  {
    label: 'Contents Management',
    icon: 'folder',
    items: [item('categories'), item('posts'), item('pages'), item('products')],
  },
  { label: 'Media', icon: 'image', items: [item('photos'), item('sliders')] },
  { icon: 'badge', ...item('aparaturs') },
  // Informasi Publik and Layanan (issue 23).
  { icon: 'folder', ...item('documents') },
  { icon: 'users', ...item('reports') },
  // The PPID's Daftar Informasi Publik (manual entries) and registers (issue 38).
  {
    label: 'PPID',
    icon: 'folder',
    items: [
      { label: 'Daftar Informasi Publik', to: '/admin/ppid/dip', permission: 'documents-index' },
      { label: 'Register PPID', to: '/admin/ppid/register', permission: 'reports-index' },
    ],
  },
  // Layanan Surat (issue 37).
  {
    label: 'Surat',
    icon: 'folder',
    items: [
      { label: 'Permohonan Surat', to: '/admin/letter-requests', permission: 'letters-index' },
      { label: 'Surat Keluar', to: '/admin/letters', permission: 'letters-index' },
      { label: 'Jenis Surat', to: '/admin/letter-types', permission: 'letters-index' },
    ],
  },
  // Village information and services (docs/api.md).
  { icon: 'chart', ...item('budgets') },
  { icon: 'hammer', ...item('developments') },
  { label: 'Users Management', icon: 'users', items: [item('roles'), item('permissions'), item('users')] },
  // Village information (docs/api.md "Screens of the new kinds": the menu entries Agenda, Pengumuman, Statistik).
  { icon: 'calendar', ...item('events'), label: 'Agenda' },
  { icon: 'megaphone', ...item('announcements'), label: 'Pengumuman' },
  { icon: 'chart', ...item('statistics'), label: 'Statistik' },
  // Peta Desa (issue 39): layers, features and import.
  { label: 'Peta', icon: 'map', to: '/admin/peta', permission: 'maps-index' },
  { label: 'Pengaturan Situs', icon: 'cog', to: '/admin/settings', permission: 'settings-edit' },
  { label: 'Log Aktivitas', icon: 'clock', to: '/admin/activities', permission: 'activities-index' },
]

/**
 * The regency's console (REGENCY_HOST, docs/api.md "Many villages in one install"): its villages, its own announcements
 * (shown on every village's site) and its own activity log; its account is in the user menu.
 */
const REGENCY_NAVIGATION: NavEntry[] = [
  { label: 'Desa', icon: 'home', to: '/admin/desa' },
  { label: 'Ringkasan', icon: 'chart', to: '/admin/desa/ringkasan' },
  // Regency accounts: `kabupaten` only (a permission of the regency's, not a village's).
  { label: 'Pengguna', icon: 'users', to: '/admin/desa/pengguna', permission: 'regency-admin' as PermissionName },
  { label: 'Pengumuman', icon: 'megaphone', to: '/admin/announcements', permission: 'announcements-index' },
  { label: 'Log Aktivitas', icon: 'clock', to: '/admin/activities', permission: 'activities-index' },
]

const inside = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`)

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ` +
  `${isActive ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100'}`

function NavGroup({ label, icon, items }: { label: string; icon: IconName; items: NavItem[] }) {
  const { pathname } = useLocation()
  const active = items.some((entry) => inside(pathname, entry.to))
  const [open, setOpen] = useState(active)
  // Opens by itself when the current path moves inside the group.
  const [wasActive, setWasActive] = useState(active)
  if (active !== wasActive) {
    setWasActive(active)
    if (active) setOpen(true)
  }
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className={
          'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-gray-700 ' +
          'hover:bg-gray-100'
        }
      >
        <Icon name={icon} />
        <span className="flex-1">{label}</span>
        <Icon name="chevron-down" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <ul className="mt-1 space-y-1 pl-8">
          {items.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} className={linkClass}>
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}

function Sidebar({ permissions, regency }: { permissions: AdminSession['permissions']; regency?: boolean }) {
  const allowed = (entry: { permission?: PermissionName }) =>
    !entry.permission || holdsAny(permissions, entry.permission)
  return (
    <nav aria-label="Admin" className="flex-1 overflow-y-auto p-3">
      <ul className="space-y-1">
        {(regency ? REGENCY_NAVIGATION : NAVIGATION).map((entry) => {
          if ('items' in entry) {
            const items = entry.items.filter(allowed)
            return items.length ? (
              <NavGroup key={entry.label} label={entry.label} icon={entry.icon} items={items} />
            ) : null
          }
          if (!allowed(entry)) return null
          return (
            <li key={entry.to}>
              <NavLink to={entry.to} className={linkClass}>
                <Icon name={entry.icon} />
                {entry.label}
              </NavLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/**
 * The top bar's menu: 'Profil Saya' and 'Akun Saya' (the screen's own name, which staff look for) both open Akun Saya;
 * 'Pengaturan' the site settings (for those who may edit them).
 */
function UserMenu({ user, canEditSettings }: { user: AdminSession['user']; canEditSettings: boolean }) {
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onPointer = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('mousedown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])
  const initial = (user.name || user.username || '?').charAt(0).toUpperCase()
  const itemClass = 'block w-full px-4 py-2 text-left text-sm text-gray-700 hover:bg-gray-100'
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded-full p-1 pr-3 hover:bg-gray-100"
      >
        <span
          aria-hidden="true"
          className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
        >
          {initial}
        </span>
        <span className="hidden text-sm font-medium text-gray-800 sm:block">{user.name}</span>
        {/* Named by its content, so the visible name is part of the accessible one (WCAG 2.5.3). */}
        <span className="sr-only">User menu</span>
      </button>
      {open ? (
        <div className="absolute right-0 z-40 mt-2 w-64 rounded-xl border border-gray-200 bg-white py-2 shadow-lg">
          <div className="border-b border-gray-100 px-4 pb-3 pt-1">
            <p className="font-medium text-gray-900">{user.name}</p>
            <p className="text-sm text-gray-500">@{user.username}</p>
            <p className="truncate text-sm text-gray-500">{user.email}</p>
          </div>
          <ul className="py-1">
            <li>
              <Link to="/admin/account" onClick={() => setOpen(false)} className={itemClass}>
                Profil Saya
              </Link>
            </li>
            <li>
              <Link to="/admin/account" onClick={() => setOpen(false)} className={itemClass}>
                Akun Saya
              </Link>
            </li>
            {canEditSettings ? (
              <li>
                <Link to="/admin/settings" onClick={() => setOpen(false)} className={itemClass}>
                  Pengaturan
                </Link>
              </li>
            ) : null}
            <li className="border-t border-gray-100">
              <Form method="post" action="/logout" replace>
                <button type="submit" className={`${itemClass} text-red-600`}>
                  Keluar
                </button>
              </Form>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  )
}

function SidebarToggle({ open, onToggle, className }: { open: boolean; onToggle: () => void; className: string }) {
  return (
    <button
      type="button"
      aria-label="Toggle sidebar"
      aria-controls="admin-sidebar"
      aria-expanded={open}
      onClick={onToggle}
      className={`rounded-lg p-2 text-gray-700 hover:bg-gray-100 ${className}`}
    >
      <Icon name="menu" />
    </button>
  )
}

/** The admin frame: sidebar (a drawer with an overlay below 768px), top bar with the user menu, the screen. */
export function AdminShell({
  session,
  siteName,
  children,
}: {
  session: AdminSession
  siteName: string
  children: ReactNode
}) {
  const { pathname } = useLocation()
  // Phones: closed drawer by default. Wider screens: open by default, and the button folds it away.
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [desktopOpen, setDesktopOpen] = useState(true)
  // The drawer closes when a link was followed.
  const [drawerPath, setDrawerPath] = useState(pathname)
  if (drawerPath !== pathname) {
    setDrawerPath(pathname)
    setDrawerOpen(false)
  }
  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [drawerOpen])
  const visibility = `${drawerOpen ? 'flex' : 'hidden'} ${desktopOpen ? 'md:flex' : 'md:hidden'}`
  return (
    <div className="flex min-h-screen bg-gray-50">
      {drawerOpen ? (
        <div
          aria-hidden="true"
          data-testid="drawer-overlay"
          className="fixed inset-0 z-30 bg-black/40 md:hidden"
          onClick={() => setDrawerOpen(false)}
        />
      ) : null}
      <aside
        id="admin-sidebar"
        aria-label="Sidebar"
        className={
          `${visibility} fixed inset-y-0 left-0 z-40 w-64 flex-col border-r border-gray-200 bg-white md:sticky ` +
          `md:top-0 md:h-screen md:shrink-0`
        }
      >
        <div className="flex h-16 items-center border-b border-gray-200 px-5">
          <Link to={session.regency ? '/admin/desa' : '/admin/dashboard'} className="text-lg font-bold text-brand-700">
            {siteName}
          </Link>
        </div>
        <Sidebar permissions={session.permissions} regency={session.regency} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          className={'sticky top-0 z-20 flex h-16 items-center justify-between border-b border-gray-200 bg-white px-4'}
        >
          {/* Phones open the drawer; wider screens fold the always-there sidebar away. */}
          <SidebarToggle open={drawerOpen} onToggle={() => setDrawerOpen(!drawerOpen)} className="md:hidden" />
          <SidebarToggle
            open={desktopOpen}
            onToggle={() => setDesktopOpen(!desktopOpen)}
            className="hidden md:inline-flex"
          />
          <UserMenu user={session.user} canEditSettings={holdsAny(session.permissions, 'settings-edit')} />
        </header>
        <main className="flex-1 p-4 md:p-6">{children}</main>
      </div>
    </div>
  )
}
