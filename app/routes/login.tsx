import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { login } from '~/auth/login.server'
import { getSessionUser, tokenCookie } from '~/auth/session.server'
import { FieldError } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { HttpError, readBodyText } from '~/server/http.server'
import { useSite } from '~/root'

export const meta = titled('Login')

/** Already logged in (a token that still works): straight to the dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) throw redirect('/admin/dashboard')
  return null
}

type LoginErrors = { Username?: string; Password?: string; Error?: string }

export async function action({ request }: ActionFunctionArgs) {
  try {
    const form = new URLSearchParams(await readBodyText(request, 64 * 1024))
    const session = await login({ username: form.get('username') ?? '', password: form.get('password') ?? '' }, request)
    return redirect('/admin/dashboard', { headers: { 'Set-Cookie': await tokenCookie(request).serialize(session.token) } })
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    if (error.status === 401) return data({ errors: { Error: 'Username atau password salah.' } as LoginErrors }, { status: 401 })
    return data({ errors: (error.errors ?? { Error: error.message }) as LoginErrors }, { status: error.status, headers: error.headers })
  }
}

function LoginField({ name, label, type, autoComplete, error }: { name: string; label: string; type?: 'password'; autoComplete: string; error?: string }) {
  return (
    <div>
      <label htmlFor={name} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={!!error}
        aria-describedby={error ? `${name}-error` : undefined}
        className="block w-full rounded-lg border border-gray-300 px-3 py-2.5 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
      <FieldError id={`${name}-error`} message={error} />
    </div>
  )
}

export default function Login() {
  const site = useSite()
  const errors = useActionData<typeof action>()?.errors
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formAction === '/login'
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white p-4">
      <div className="w-full max-w-sm rounded-2xl border border-gray-200 bg-white p-8 shadow-lg">
        <p className="text-center text-sm font-medium text-brand-700">{site.name}</p>
        <h1 className="mb-6 mt-1 text-center text-2xl font-bold text-gray-900">Login</h1>
        {errors?.Error ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.Error}
          </p>
        ) : null}
        <Form method="post" action="/login" replace className="space-y-4" noValidate>
          <LoginField name="username" label="Username" autoComplete="username" error={errors?.Username} />
          <LoginField name="password" label="Password" type="password" autoComplete="current-password" error={errors?.Password} />
          <div className="flex items-center justify-between text-sm">
            <label className="flex items-center gap-2 text-gray-700">
              <input type="checkbox" name="remember" className="h-4 w-4 rounded border-gray-300" />
              Remember me
            </label>
            <a href="#forgot-password" className="text-brand-700 hover:underline">
              Forgot password?
            </a>
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {submitting ? 'Memproses...' : 'Login'}
          </button>
        </Form>
      </div>
    </main>
  )
}
