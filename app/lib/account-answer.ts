/** What a form of Akun Saya asks for (its hidden `intent`). */
export type AccountIntent =
  | 'profile'
  | 'password'
  | 'two-factor-setup'
  | 'two-factor-enable'
  | 'two-factor-disable'
  | 'end-session'
  | 'end-others'

/**
 * The answer of Akun Saya's action (app/doors/accounts/account.server.ts), read by its screen (components/accounts/account-screen.tsx).
 */
export type AccountAnswer = {
  intent: AccountIntent
  /** Field errors of the form that was sent (`Error` for a refusal that names no field). */
  errors: Record<string, string> | null
  setup?: { secret: string; qr: string }
  recoveryCodes?: string[]
}
