import type { ReactNode } from 'react'

/**
 * A link made to be passed on (a password reset link, a preview link): its label and the address in a read-only
 * field that selects itself on focus, with `children` beside it (a copy button, a share link).
 */
export function LinkField({
  id,
  label,
  url,
  children,
}: {
  id: string
  label: string
  url: string
  children?: ReactNode
}) {
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="block min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm"
        />
        {children}
      </div>
    </>
  )
}
