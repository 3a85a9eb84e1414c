/** The actions of docs/api.md "Activity log" (the log's model records them; the log screen names them). */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'login',
  'login_failed',
  'logout',
  'password_change',
  'password_reset',
  'two_factor_on',
  'two_factor_off',
  'settings_update',
  'spam_blocked',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]
