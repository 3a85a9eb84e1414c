import { useState } from 'react'

const button = 'rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50'

/**
 * A link made to be passed on (a password reset link, a preview link): its label, the address in a read-only field
 * that selects itself on focus, a button that copies it (`Tersalin` once this address is copied) and a link that
 * sends it by WhatsApp.
 */
export function LinkField({ id, label, url }: { id: string; label: string; url: string }) {
  const [copied, setCopied] = useState<string | null>(null)
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
        <button
          type="button"
          className={button}
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(url),
              () => undefined,
            )
          }
        >
          {copied === url ? 'Tersalin' : 'Salin'}
        </button>
        <a
          href={`https://wa.me/?text=${encodeURIComponent(url)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-lg bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800"
        >
          Kirim lewat WhatsApp<span className="sr-only"> (membuka tab baru)</span>
        </a>
      </div>
    </>
  )
}
