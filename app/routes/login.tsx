import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { AuthCard, AuthField, AuthSubmit, BackToLogin } from '~/components/accounts/auth-card'
import { titled } from '~/components/site/meta'
import { loginAction, loginLoader, type LoginErrors } from '~/doors/accounts/sign-in.server'

export const handle = { regency: true }

export const meta = titled('Login')

export const loader = loginLoader
export const action = loginAction

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
