import { useId } from 'react'
import { formatZoned, PUBLISH_STATE_LABELS, publishState, toZonedInput, type PublishState } from '~/lib/zoned-time'
import type { Row } from '~/resources/resource'
import { errorFor, FieldError, useSubmitting, type FieldErrors } from '~/components/shared/form'

const STATE_TONE: Record<PublishState, string> = {
  draft: 'bg-gray-100 text-gray-700',
  scheduled: 'bg-amber-100 text-amber-800',
  published: 'bg-emerald-100 text-emerald-800',
}

/** Draf / Terjadwal / Terbit at the server's `now`, as a badge (the lists' status column, the form's current state). */
export function PublishBadge({ row, now }: { row: Row; now: number }) {
  const state = publishState(row, now)
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONE[state]}`}>
      {PUBLISH_STATE_LABELS[state]}
    </span>
  )
}

const buttonClass =
  'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-medium disabled:cursor-not-allowed ' +
  'disabled:opacity-60'

/**
 * The publishing part of the post, page and product forms: the current state, the publish time (a datetime-local
 * input in the village's time zone, `TZ`) and the three ways to save: "Simpan sebagai Draf", "Terbitkan" (now, or
 * keeping the time it was published at) and "Jadwalkan" (at the chosen time). The server turns the pressed
 * button (`intent`) into `status` and `published_at` (app/models/content/publishing.server.ts, fromPublishForm); Save and
 * Update below keep the status as it is.
 */
export function PublishControls(props: {
  record: Row | null
  timeZone: string
  now: number
  errors: FieldErrors
  publicPath?: string
}) {
  const { record, timeZone, now, errors, publicPath } = props
  const id = useId()
  const busy = useSubmitting()
  const error = errorFor(errors, 'Published_at', 'Status')
  const scheduled = record && publishState(record, now) === 'scheduled'
  return (
    <fieldset
      className="space-y-3 rounded-lg border border-gray-200 p-4"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium text-gray-700">Publikasi</legend>
      {record ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
          Status: <PublishBadge row={record} now={now} />
          {record.published_at ? (
            <span>
              {scheduled ? 'terbit' : 'waktu terbit'} {formatZoned(record.published_at as string, timeZone)} ({timeZone}
              )
            </span>
          ) : null}
          {publicPath ? (
            <a
              href={publicPath}
              target="_blank"
              rel="noopener"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Lihat di situs<span className="sr-only"> (membuka tab baru; draf hanya terlihat oleh staf)</span>
            </a>
          ) : null}
        </p>
      ) : null}
      <div>
        <label htmlFor={`${id}-time`} className="mb-1 block text-sm font-medium text-gray-700">
          Waktu terbit ({timeZone})
        </label>
        <input
          id={`${id}-time`}
          name="publish_time"
          type="datetime-local"
          defaultValue={toZonedInput(record?.published_at as string | null | undefined, timeZone)}
          aria-invalid={!!error}
          className={
            'block w-full max-w-xs rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm ' +
            'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 ' +
            'aria-[invalid=true]:border-red-500'
          }
        />
        <p className="mt-1 text-xs text-gray-500">
          Diisi untuk &quot;Jadwalkan&quot;: item tampil untuk umum pada waktu ini.
        </p>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="draft"
          disabled={busy}
          className={`${buttonClass} border border-gray-300 bg-white text-gray-700 hover:bg-gray-50`}
        >
          Simpan sebagai Draf
        </button>
        <button
          type="submit"
          name="intent"
          value="schedule"
          disabled={busy}
          className={`${buttonClass} border border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100`}
        >
          Jadwalkan
        </button>
        <button
          type="submit"
          name="intent"
          value="publish"
          disabled={busy}
          className={`${buttonClass} bg-emerald-700 text-white hover:bg-emerald-800`}
        >
          Terbitkan
        </button>
      </div>
    </fieldset>
  )
}
