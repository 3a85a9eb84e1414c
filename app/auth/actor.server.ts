import type { Actor } from '~/models/activity.server'
import type { DeviceInfo } from '~/models/device-session.server'
import { clientAddress } from './throttle.server'

/** Who acts in the activity log: the user (or, for a failed login, the name tried) and the request's address. */
export const actorOf = (request: Request, user: { id: number | null; name: string }): Actor => ({
  id: user.id,
  name: user.name,
  ip: clientAddress(request),
})

/** The device a login comes from, as Akun Saya lists it: address and browser. */
export const deviceOf = (request: Request): DeviceInfo => ({
  ip: clientAddress(request),
  userAgent: request.headers.get('user-agent') ?? '',
})
