import { Link } from '@remix-run/react'
import { useId, type ReactNode } from 'react'

/**
 * The parts the villager's pages and forms share (`/layanan`, `/layanan/lacak`, `/layanan/surat`, `/verifikasi`,
 * `/ppid/keberatan`): the page's frame, a labelled control with its hint and error, the contact boxes, the honeypot,
 * the wide submit button. Phone first, no script needed.
 */

export const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-600 ' +
  'focus:outline-none focus:ring-2 focus:ring-emerald-600/30 aria-[invalid=true]:border-red-600'

const citizenButtonClass =
  'w-full rounded-lg bg-emerald-700 px-6 py-3 text-lg font-semibold text-white hover:bg-emerald-800 ' +
  'disabled:opacity-60 sm:w-auto'

export type ControlProps = { id: string; name?: string; 'aria-invalid': boolean; 'aria-describedby'?: string }

/** A public page's frame: the narrow column and its title. */
export function CitizenPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">{title}</h1>
      {children}
    </div>
  )
}

export function CitizenFieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null
}

/**
 * A labelled control with its hint and error; `children` draws the control with the ids that tie them (and `name`,
 * when given).
 */
export function CitizenField({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string
  name?: string
  error?: string
  hint?: string
  children: (props: ControlProps) => ReactNode
}) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-gray-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      {children({ id, name, 'aria-invalid': !!error, 'aria-describedby': described || undefined })}
      <CitizenFieldError id={`${id}-error`} message={error} />
    </div>
  )
}

/** The phone and e-mail boxes of a form that needs one of the two. */
export function PhoneAndEmail({ error }: { error?: string }) {
  return (
    <>
      <CitizenField
        label="Nomor HP"
        name="phone"
        error={error}
        hint="Isi nomor HP atau email (salah satu wajib) agar kami dapat menghubungi Anda."
      >
        {(props) => <input {...props} type="tel" autoComplete="tel" inputMode="tel" className={inputClass} />}
      </CitizenField>
      <CitizenField label="Email" name="email">
        {(props) => <input {...props} type="email" autoComplete="email" className={inputClass} />}
      </CitizenField>
    </>
  )
}

/** Left empty by people, who never see it; a form filler fills it (docs/api.md: the honeypot). */
export function Honeypot() {
  return (
    <div className="hidden">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}

/** The forms' submit button, wide on a phone. */
export function CitizenSubmit({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={disabled} className={citizenButtonClass}>
      {children}
    </button>
  )
}

/**
 * What a villager sees once a form is sent: the ticket and the code (shown this once), what to keep, the WhatsApp
 * share and the way to the tracking page; `thanks` says what was received, `children` when it is due.
 */
export function FiledTicket({
  id,
  title,
  filed,
  thanks,
  keep,
  share,
  track,
  className = '',
  children,
}: {
  id: string
  title: string
  filed: { ticket: string; tracking_code: string; share_url: string }
  thanks: string
  keep: string
  share: string
  track: string
  className?: string
  children?: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      role="status"
      className={`${className} rounded-xl border-2 border-emerald-600 bg-emerald-50 p-6`.trim()}
    >
      <h2 id={id} className="text-xl font-bold text-gray-900">
        {title}
      </h2>
      <p className="mt-2 text-gray-800">{thanks}</p>
      <dl className="mt-4 space-y-3">
        <div>
          <dt className="text-sm font-medium text-gray-700">Nomor Tiket</dt>
          <dd className="font-mono text-2xl font-bold tracking-wide text-gray-900">{filed.ticket}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-gray-700">Kode Pelacakan</dt>
          <dd className="break-all font-mono text-2xl font-bold tracking-wide text-gray-900">{filed.tracking_code}</dd>
        </div>
      </dl>
      <p className="mt-4 font-semibold text-red-800">{keep}</p>
      {children}
      <div className="mt-5 flex flex-wrap gap-3">
        <a
          href={filed.share_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center rounded-lg bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-800"
        >
          {share}
        </a>
        <Link
          to={`/layanan/lacak?tiket=${encodeURIComponent(filed.ticket)}`}
          className="inline-flex items-center rounded-lg border border-emerald-700 px-4 py-2 font-semibold text-emerald-800 hover:bg-emerald-100"
        >
          {track}
        </Link>
      </div>
    </section>
  )
}
