import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Field } from '~/components/shared/form'
import { useSite } from '~/components/site/use-site'

const authInputClass =
  'block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-sm focus:border-brand-500 focus:outline-none ' +
  'focus:ring-2 focus:ring-brand-500/30'
export const authButtonClass =
  'w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

/** The frame of the screens outside the back office's shell: login, forgotten password, new password. */
export function AuthCard({ title, error, children }: { title: string; error?: string; children: ReactNode }) {
  const site = useSite()
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white p-4">
      <div className="w-full max-w-sm rounded-2xl border border-gray-200 bg-white p-8 shadow-lg">
        <p className="text-center text-sm font-medium text-brand-700">{site.name}</p>
        <h1 className="mb-6 mt-1 text-center text-2xl font-bold text-gray-900">{title}</h1>
        {error ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {children}
      </div>
    </main>
  )
}

type AuthFieldProps = {
  name: string
  label: string
  error?: string
  type?: 'text' | 'password' | 'email'
  autoComplete?: string
  autoFocus?: boolean
}

/** A labelled field of those screens (its id is its name), with the server's message underneath. */
export function AuthField({ name, label, error, type = 'text', autoComplete, autoFocus }: AuthFieldProps) {
  return (
    <Field id={name} label={label} error={error}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          autoCapitalize={type === 'text' ? 'off' : undefined}
          className={authInputClass}
        />
      )}
    </Field>
  )
}

/** The form's one button: `pendingLabel` and disabled while `busy`. */
export function AuthSubmit({ label, pendingLabel, busy }: { label: string; pendingLabel: string; busy: boolean }) {
  return (
    <button type="submit" disabled={busy} className={authButtonClass}>
      {busy ? pendingLabel : label}
    </button>
  )
}

/** The way back to the login screen, under a form or a message (`spaced` below a form). */
export function BackToLogin({ spaced }: { spaced?: boolean }) {
  return (
    <p className={spaced ? 'mt-6 text-center text-sm' : 'text-center text-sm'}>
      <Link to="/login" className="text-brand-700 hover:underline">
        Kembali ke login
      </Link>
    </p>
  )
}
