import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { formatDate } from '~/lib/format'
import { uploadUrl } from '~/lib/upload-urls'
import { DeleteButton } from '~/components/shared/delete-dialog'
import { errorFor, ImageField, SubmitButton, TextField, type FieldErrors } from '~/components/shared/form'
import { useCan } from '~/components/accounts/admin-session'

export type ProgressPhoto = {
  id: number
  image: string
  image_alt: string
  caption: string
  progress: number | null
  created_at: string | Date
}

/**
 * The `Foto Progres` section of a project's edit screen (docs/api.md "Screens of the new kinds"): its photos oldest
 * first, each with its delete, and the upload: the file, `Keterangan`, the alt text, `Progres (%)` and `Unggah`. Both
 * post to /admin/developments/{id}/photos (app/doors/village-info/project-photos.server.ts); the edit screen reloads the photos.
 */
export function ProgressPhotos({ projectId, photos }: { projectId: number; photos: ProgressPhoto[] }) {
  const fetcher = useFetcher<{ errors: FieldErrors; uploaded: boolean }>()
  const form = useRef<HTMLFormElement>(null)
  const can = useCan()
  const action = `/admin/developments/${projectId}/photos`
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.uploaded) form.current?.reset()
  }, [fetcher.state, fetcher.data])
  const errors = fetcher.data?.errors
  return (
    <section aria-labelledby="foto-progres" className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 id="foto-progres" className="text-lg font-semibold text-gray-900">
        Foto Progres
      </h2>
      {photos.length ? (
        <ol aria-label="Foto progres" className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo, index) => {
            const label = photo.caption || `foto ${index + 1}`
            return (
              <li key={photo.id} className="flex gap-3 rounded-lg border border-gray-200 p-3">
                <img
                  src={uploadUrl('developments', photo.image)!}
                  alt={photo.image_alt || photo.caption}
                  loading="lazy"
                  className="h-16 w-24 shrink-0 rounded-md object-cover"
                />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate font-medium text-gray-900">{photo.caption || '-'}</p>
                  <p className="text-gray-500">
                    {photo.progress !== null ? `${photo.progress}% · ` : ''}
                    {formatDate(photo.created_at)}
                  </p>
                </div>
                {can('developments-edit') ? (
                  <DeleteButton id={photo.id} thing="photo" label={label} search="" action={action} />
                ) : null}
              </li>
            )
          })}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-gray-600">Belum ada foto progres.</p>
      )}
      <fetcher.Form
        ref={form}
        method="post"
        action={action}
        encType="multipart/form-data"
        noValidate
        className="mt-6 grid gap-4 md:grid-cols-2"
      >
        <ImageField label="Foto" error={errorFor(errors, 'Image')} />
        <TextField label="Keterangan" name="caption" error={errorFor(errors, 'Caption')} />
        <TextField
          label="Teks Alternatif Gambar"
          name="image_alt"
          placeholder="Jelaskan isi foto untuk pembaca layar"
          error={errorFor(errors, 'Image_alt')}
        />
        <TextField label="Progres (%)" name="progress" type="number" error={errorFor(errors, 'Progress')} />
        <div className="flex items-end justify-end md:col-span-2">
          <SubmitButton label="Unggah" pendingLabel="Mengunggah..." pending={fetcher.state !== 'idle'} />
        </div>
      </fetcher.Form>
    </section>
  )
}
