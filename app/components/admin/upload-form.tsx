import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { errorFor, ImageField, SubmitButton, TextField, type FieldErrors } from './form'

/** The upload form above the photo and slider lists; cleared after a successful upload. */
export function UploadForm({ title, withCaption }: { title: string; withCaption?: boolean }) {
  const fetcher = useFetcher<{ errors: FieldErrors; uploaded: boolean }>()
  const form = useRef<HTMLFormElement>(null)
  const errors = fetcher.data?.errors
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.uploaded) form.current?.reset()
  }, [fetcher.state, fetcher.data])
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 className="mb-4 text-base font-semibold text-gray-900">{title}</h2>
      <fetcher.Form ref={form} method="post" encType="multipart/form-data" className="grid gap-4 md:grid-cols-2" noValidate>
        <ImageField error={errorFor(errors, 'Image', 'image')} />
        {withCaption ? <TextField label="Caption" name="caption" error={errorFor(errors, 'Caption')} /> : null}
        <TextField label="Description" name="description" error={errorFor(errors, 'Description')} multiline />
        <div className="flex items-end justify-end md:col-span-2">
          <SubmitButton label="Upload" pendingLabel="Uploading..." pending={fetcher.state !== 'idle'} />
        </div>
      </fetcher.Form>
    </section>
  )
}
