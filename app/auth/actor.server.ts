import { clientAddressOf } from '~/utils/http.server'
import type { Actor } from '~/models/accounts/activity.server'
import type { DeviceInfo } from '~/models/accounts/device-session.server'

/** Who acts in the activity log: the user (or, for a failed login, the name tried) and the request's address. */
export const actorOf = (request: Request, user: { id: number | null; name: string }): Actor => ({
  id: user.id,
  name: user.name,
  ip: clientAddressOf(request),
})

/** The device a login comes from, as Akun Saya lists it: address and browser. */
export const deviceOf = (request: Request): DeviceInfo => ({
  ip: clientAddressOf(request),
  userAgent: request.headers.get('user-agent') ?? '',
})
