import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { ResourceDeclaration } from '~/resources/resource'
import { ResourceFields } from '~/components/site/resource-form'
import { SubmitButton, type FieldErrors } from '~/components/shared/form'

/** The upload form above the photo and slider lists (their declared fields); cleared after a successful upload. */
export function UploadForm({ resource }: { resource: ResourceDeclaration }) {
  const fetcher = useFetcher<{ errors: FieldErrors; uploaded: boolean }>()
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.uploaded) form.current?.reset()
  }, [fetcher.state, fetcher.data])
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 className="mb-4 text-base font-semibold text-gray-900">{`Upload ${resource.thing}`}</h2>
      <fetcher.Form
        ref={form}
        method="post"
        encType="multipart/form-data"
        className="grid gap-4 md:grid-cols-2"
        noValidate
      >
        <ResourceFields resource={resource} mode="create" record={null} choices={{}} errors={fetcher.data?.errors} />
        <div className="flex items-end justify-end md:col-span-2">
          <SubmitButton label="Upload" pendingLabel="Uploading..." pending={fetcher.state !== 'idle'} />
        </div>
      </fetcher.Form>
    </section>
  )
}
