import { formatDateTime } from '~/lib/format'

/**
 * The banner over a staff member's preview of a post, page or product the public cannot see yet (a draft, or
 * scheduled for later): the public gets the not-found screen at this address.
 */
export function PreviewBanner({
  state,
  item,
  resource,
}: {
  state: 'draft' | 'scheduled' | null
  /** The item previewed: when it is published, and its id for the `Ubah` link. */
  item: { id: number; published_at: string | Date | null }
  /** Its admin resource (`posts`, `events`...): `Ubah` opens `/admin/{resource}/edit/{id}`. */
  resource: string
}) {
  if (!state) return null
  return (
    <div role="status" className="mb-6 rounded-xl border border-amber-300 bg-amber-100 px-4 py-3 text-amber-950">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="rounded-full bg-amber-900 px-3 py-0.5 font-semibold uppercase tracking-wide text-white">
          {state === 'draft' ? 'Draf' : 'Terjadwal'}
        </span>
        <span>
          {state === 'draft'
            ? 'Pratinjau: belum diterbitkan, hanya terlihat oleh staf.'
            : `Pratinjau: terbit otomatis ${formatDateTime(item.published_at)} WIB, ` +
              `sampai saat itu hanya terlihat oleh staf.`}
        </span>
        <a href={`/admin/${resource}/edit/${item.id}`} className="font-semibold underline underline-offset-2">
          Ubah
        </a>
      </p>
    </div>
  )
}
