import type { ReactNode } from 'react'
import { useSite } from '~/root'

export const authInputClass =
  'block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30'
export const authButtonClass =
  'w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60'

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
