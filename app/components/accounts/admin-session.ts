import { useRouteLoaderData } from '@remix-run/react'
import { holdsAny, type PermissionName } from '~/resources/permissions'

export type AdminSession = {
  user: { name: string; username: string; email: string }
  permissions: Record<string, true>
  /** At the regency host (REGENCY_HOST): the shell is the regency's console. */
  regency?: boolean
}

/** The admin layout's user and permission map (routes/admin loader). */
export function useAdminSession(): AdminSession {
  return (
    useRouteLoaderData<AdminSession>('routes/admin') ?? { user: { name: '', username: '', email: '' }, permissions: {} }
  )
}

/** Whether the logged-in user may see a control; the server checks again on every loader and action. */
export function useCan() {
  const { permissions } = useAdminSession()
  return (permission: PermissionName) => holdsAny(permissions, permission)
}
