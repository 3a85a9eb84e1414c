import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { loginWithCode, loginWithPassword } from '~/auth/login.server'
import { getSessionUser, sessionCookie } from '~/auth/session.server'
import { AuthCard, AuthField, AuthSubmit, BackToLogin } from '~/components/admin/auth-card'
import { titled } from '~/components/admin/meta'
import { FORM_TOO_LARGE, readSmallForm } from '~/utils/form-input.server'
import { HttpError } from '~/utils/http.server'

export const meta = titled('Login')

/** Already logged in (a token that still works): straight to the dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) throw redirect('/admin/dashboard')
  return null
}

type LoginErrors = { Username?: string; Password?: string; Error?: string; Code?: string }
type LoginAnswer = { errors: LoginErrors | null; ticket?: string }

/**
 * Two steps for a user with two-factor login on: the password (which answers a short-lived ticket), then the code
 * with that ticket. Everyone else is logged in by the first step.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readSmallForm(request, 64 * 1024)
  if (!form) return data<LoginAnswer>({ errors: { Error: FORM_TOO_LARGE } }, { status: 413 })
  const ticket = form.get('ticket')
  try {
    if (ticket) {
      const session = await loginWithCode(ticket, form.get('code') ?? '', request)
      return redirect('/admin/dashboard', {
        headers: { 'Set-Cookie': await sessionCookie(request, session.token, session.remember) },
      })
    }
    const remember = form.get('remember') === 'on'
    const step = await loginWithPassword(
      { username: form.get('username') ?? '', password: form.get('password') ?? '' },
      request,
      remember,
    )
    if ('ticket' in step) return data<LoginAnswer>({ errors: null, ticket: step.ticket })
    return redirect('/admin/dashboard', {
      headers: { 'Set-Cookie': await sessionCookie(request, step.session.token, remember) },
    })
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
    if (error.status === 401 && error.errors?.Code) {
      return data<LoginAnswer>(
        { errors: { Code: 'Kode verifikasi salah atau sudah dipakai.' }, ticket: ticket ?? undefined },
        { status: 401 },
      )
    }
    if (error.status === 401 && ticket)
      return data<LoginAnswer>({ errors: { Error: 'Waktu verifikasi habis. Silakan login kembali.' } }, { status: 401 })
    if (error.status === 401)
      return data<LoginAnswer>({ errors: { Error: 'Username atau password salah.' } }, { status: 401 })
    const keep = ticket && error.status === 429 ? { ticket } : {}
    return data<LoginAnswer>(
      { errors: (error.errors ?? { Error: error.message }) as LoginErrors, ...keep },
      { status: error.status, headers: error.headers },
    )
  }
}

function PasswordStep({ errors, submitting }: { errors?: LoginErrors | null; submitting: boolean }) {
  return (
    <Form method="post" action="/login" replace className="space-y-4" noValidate>
      <AuthField name="username" label="Username" autoComplete="username" error={errors?.Username} />
      <AuthField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors?.Password}
      />
      <div className="flex items-center justify-between text-sm">
        <label className="flex items-center gap-2 text-gray-700">
          <input type="checkbox" name="remember" className="h-4 w-4 rounded border-gray-300" />
          Remember me
        </label>
        <Link to="/forgot-password" className="text-brand-700 hover:underline">
          Lupa password?
        </Link>
      </div>
      <AuthSubmit label="Login" pendingLabel="Memproses..." busy={submitting} />
    </Form>
  )
}

function CodeStep({ ticket, error, submitting }: { ticket: string; error?: string; submitting: boolean }) {
  return (
    <Form method="post" action="/login" replace className="space-y-4" noValidate>
      <input type="hidden" name="ticket" value={ticket} />
      <p className="text-sm text-gray-600">
        Akun ini memakai verifikasi dua langkah. Masukkan kode 6 digit dari aplikasi autentikator Anda, atau salah satu
        kode pemulihan.
      </p>
      <AuthField name="code" label="Kode verifikasi" autoComplete="one-time-code" autoFocus error={error} />
      <AuthSubmit label="Verifikasi" pendingLabel="Memproses..." busy={submitting} />
      <BackToLogin />
    </Form>
  )
}

export default function Login() {
  const answer = useActionData<typeof action>()
  const errors = answer?.errors
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formAction === '/login'
  return (
    <AuthCard title={answer?.ticket ? 'Verifikasi Dua Langkah' : 'Login'} error={errors?.Error}>
      {answer?.ticket ? (
        <CodeStep key={answer.ticket} ticket={answer.ticket} error={errors?.Code} submitting={submitting} />
      ) : (
        <PasswordStep errors={errors} submitting={submitting} />
      )}
    </AuthCard>
  )
}
