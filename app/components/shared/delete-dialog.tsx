import { useFetcher } from '@remix-run/react'
import { useEffect, useId, useRef } from 'react'
import { Icon } from './icons'

/**
 * A row's button whose action asks first: a modal alert dialog (focus moves into it and back, Escape cancels).
 * Confirming posts `fields` (an `intent`, the row's id, the list's search...) to the list's action, or to `action`.
 */
export function ConfirmButton({
  fields,
  action,
  question,
  confirm,
  cancel,
  danger,
  opener: openerProps,
  children,
}: {
  fields: Record<string, string | number>
  action?: string
  question: string
  confirm: string
  cancel: string
  danger?: boolean
  opener: { 'aria-label': string; title?: string; className: string }
  children: React.ReactNode
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const fetcher = useFetcher()
  const titleId = useId()

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
        {...openerProps}
        disabled={fetcher.state !== 'idle'}
        onClick={() => dialog.current?.showModal()}
      >
        {children}
      </button>
      <dialog
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 text-left shadow-xl backdrop:bg-black/40"
      >
        <fetcher.Form method="post" action={action} onSubmit={() => dialog.current?.close()} className="space-y-5 p-6">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <p id={titleId} className="whitespace-normal text-base font-medium text-gray-900">
            {question}
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
              {cancel}
            </button>
            <button
              type="submit"
              className={
                'rounded-lg px-4 py-2 text-sm font-medium text-white ' +
                (danger ? 'bg-red-600 hover:bg-red-700' : 'bg-brand-600 hover:bg-brand-700')
              }
            >
              {confirm}
            </button>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  )
}

/**
 * The delete icon of a row and its confirmation. Confirming posts intent=delete to the list's action, which answers
 * with the toast and the list again from page 1 (or to `action`: a project's progress photo).
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
  return (
    <ConfirmButton
      fields={{ intent: 'delete', id, search }}
      action={action}
      question={`Are you sure you want to delete this ${thing}?`}
      confirm="Yes, delete"
      cancel="Cancel"
      danger
      opener={{
        'aria-label': `Delete ${label}`,
        title: 'Delete',
        className: 'rounded-lg p-2 text-red-600 hover:bg-red-50 disabled:opacity-50',
      }}
    >
      <Icon name="trash" />
    </ConfirmButton>
  )
}
