import { Form, useFetcher } from '@remix-run/react'
import { formatDateTime } from '~/lib/format'
import type { DiffPart, FieldDiff } from '~/lib/word-diff'
import { LinkField } from '~/components/shared/link-field'

/**
 * The edit screen's `Bagikan Pratinjau` and `Riwayat` for a resource with revisions (docs/api.md "Revisions and
 * preview links"); both speak to /admin/{resource}/{id}/revisions (app/doors/content/revisions.server.ts).
 */

type Revision = {
  id: number
  created_at: string | Date
  user_name: string
  title: string
  changes: string[]
  diff: FieldDiff[]
}
type PreviewAnswer = { link: { url: string; expires_at: string | Date } | null; revoked?: true; refused?: string }

const button = [
  'rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700',
  'hover:bg-gray-50 disabled:opacity-60',
].join(' ')
const panel = 'rounded-xl border border-gray-200 bg-white p-6 shadow-sm'

export function RevisionPanels({ resource, id }: { resource: string; id: number }) {
  const address = `/admin/${resource}/${id}/revisions`
  return (
    <>
      <PreviewLinkPanel address={address} />
      <HistoryPanel address={address} />
    </>
  )
}

function PreviewLinkPanel({ address }: { address: string }) {
  const fetcher = useFetcher<PreviewAnswer>()
  const link = fetcher.data?.link
  const busy = fetcher.state !== 'idle'
  const send = (intent: string) => {
    fetcher.submit({ intent }, { method: 'post', action: address })
  }
  return (
    <section aria-label="Bagikan Pratinjau" className={panel}>
      <h2 className="text-base font-semibold text-gray-900">Pratinjau</h2>
      <p className="mt-1 text-sm text-gray-600">
        Tautan rahasia (berlaku 7 hari) agar orang tanpa akun, misalnya kepala desa, dapat membaca isi ini sebelum
        terbit. Tautan baru mencabut tautan sebelumnya.
      </p>
      {link ? (
        <div className="mt-4 space-y-2">
          <LinkField id="preview-link" label="Tautan pratinjau" url={link.url} />
          <p className="text-sm text-gray-600">Berlaku sampai {formatDateTime(link.expires_at)} WIB.</p>
        </div>
      ) : null}
      {fetcher.data?.revoked ? <p className="mt-4 text-sm text-gray-700">Tautan pratinjau dicabut.</p> : null}
      {fetcher.data?.refused ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {fetcher.data.refused}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className={button} disabled={busy} onClick={() => send('revoke-preview')}>
          Cabut Tautan
        </button>
        <button type="button" className={button} disabled={busy} onClick={() => send('preview')}>
          Bagikan Pratinjau
        </button>
      </div>
    </section>
  )
}

function HistoryPanel({ address }: { address: string }) {
  const fetcher = useFetcher<{ revisions: Revision[] }>()
  const revisions = fetcher.data?.revisions
  return (
    <section aria-label="Riwayat" className={panel}>
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-base font-semibold text-gray-900">Revisi</h2>
        <button
          type="button"
          className={button}
          disabled={fetcher.state !== 'idle'}
          aria-expanded={!!revisions}
          onClick={() => fetcher.load(address)}
        >
          Riwayat
        </button>
      </div>
      {revisions && !revisions.length ? <p className="mt-4 text-sm text-gray-600">Belum ada revisi.</p> : null}
      {revisions?.length ? (
        <p className="mt-2 text-sm text-gray-600">
          Terbaru di atas. Tiap revisi dibandingkan dengan isi sekarang:{' '}
          <del className={PART_LOOK.removed}>dicoret</del> hanya ada di revisi itu,{' '}
          <ins className={PART_LOOK.added}>disorot</ins> ditambahkan sesudahnya.
        </p>
      ) : null}
      {revisions?.length ? (
        <ol className="mt-4 divide-y divide-gray-200">
          {revisions.map((revision) => (
            <li key={revision.id} className="py-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <p className="text-sm text-gray-700">
                  <span className="font-semibold text-gray-900">{revision.title || '(tanpa judul)'}</span>
                  <br />
                  {formatDateTime(revision.created_at)} WIB, oleh {revision.user_name}
                  {revision.changes.length ? ` (mengubah: ${revision.changes.join(', ')})` : ''}
                </p>
                <Form
                  method="post"
                  action={address}
                  reloadDocument
                  onSubmit={(event) => {
                    if (!window.confirm('Pulihkan isi revisi ini? Isi sekarang disimpan sebagai revisi baru.'))
                      event.preventDefault()
                  }}
                >
                  <input type="hidden" name="intent" value="restore" />
                  <input type="hidden" name="revision" value={revision.id} />
                  <button type="submit" className={button}>
                    Pulihkan
                  </button>
                </Form>
              </div>
              <RevisionDiff diff={revision.diff} />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}

const PART_LOOK: Record<DiffPart['kind'], string> = {
  same: 'text-gray-700',
  removed: 'bg-red-100 text-red-900 line-through',
  added: 'bg-emerald-100 text-emerald-900 no-underline',
}

/** How a revision differs from the record now: struck out what only the revision has, marked what was added since. */
function RevisionDiff({ diff }: { diff: FieldDiff[] }) {
  if (!diff.length) return <p className="mt-2 text-sm text-gray-600">Sama dengan isi sekarang.</p>
  return (
    <dl className="mt-3 space-y-3 text-sm">
      {diff.map((field) => (
        <div key={field.field}>
          <dt className="font-medium text-gray-900">{field.label}</dt>
          {field.kind === 'value' ? (
            <dd className="mt-1">
              <del className={PART_LOOK.removed}>{field.before}</del> {'→ '}
              <ins className={PART_LOOK.added}>{field.after}</ins>
            </dd>
          ) : (
            <dd className="mt-1 leading-relaxed">
              {field.parts.map((part, at) =>
                part.kind === 'same' ? (
                  <span key={at} className={PART_LOOK.same}>
                    {part.text}{' '}
                  </span>
                ) : part.kind === 'removed' ? (
                  <del key={at} className={PART_LOOK.removed}>
                    {part.text}{' '}
                  </del>
                ) : (
                  <ins key={at} className={PART_LOOK.added}>
                    {part.text}{' '}
                  </ins>
                ),
              )}
              {field.formatting.length ? (
                <span className="mt-1 block text-gray-600">Format berubah: {field.formatting.join(', ')}</span>
              ) : null}
            </dd>
          )}
        </div>
      ))}
    </dl>
  )
}
