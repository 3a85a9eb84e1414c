import { useFetcher } from '@remix-run/react'
import { useEffect, useId, useRef } from 'react'
import { Icon } from './icons'

/**
 * The delete icon of a row and its confirmation: a modal alert dialog (focus moves into it and back,
 * Escape cancels). Confirming posts intent=delete to the list's action, which answers with the toast and
 * the list again from page 1 (or to `action`: a project's progress photo).
 */
export function DeleteButton({
  id,
  thing,
  label,
  search,
  action,
}: {
  id: number
  thing: string
  label: string
  search: string
  action?: string
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const fetcher = useFetcher()
  const titleId = useId()
  const busy = fetcher.state !== 'idle'

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const restore = () => opener.current?.focus()
    element.addEventListener('close', restore)
    return () => element.removeEventListener('close', restore)
  }, [])

  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-label={`Delete ${label}`}
        title="Delete"
        disabled={busy}
        onClick={() => dialog.current?.showModal()}
        className="rounded-lg p-2 text-red-600 hover:bg-red-50 disabled:opacity-50"
      >
        <Icon name="trash" />
      </button>
      <dialog
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 shadow-xl backdrop:bg-black/40"
      >
        <fetcher.Form method="post" action={action} onSubmit={() => dialog.current?.close()} className="space-y-5 p-6">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="search" value={search} />
          <p id={titleId} className="text-base font-medium text-gray-900">
            {`Are you sure you want to delete this ${thing}?`}
          </p>
          <div className="flex justify-end gap-3">
            <button
              type="button"
              autoFocus
              onClick={() => dialog.current?.close()}
              className={
                'rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 ' +
                'hover:bg-gray-50'
              }
            >
              Cancel
            </button>
            <button
              type="submit"
              className="rounded-lg bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700"
            >
              Yes, delete
            </button>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  )
}
