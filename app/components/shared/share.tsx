import { useState } from 'react'
import { HeadedSection } from '~/components/shared/headed-section'

type Outcome = 'shared' | 'copied' | 'failed' | null

async function copyAddress(): Promise<Outcome> {
  try {
    await navigator.clipboard.writeText(window.location.href)
    return 'copied'
  } catch {
    return 'failed'
  }
}

/** Shares the current address with the device's share sheet when it has one, else copies it. */
async function shareAddress(title: string): Promise<Outcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url: window.location.href })
      return 'shared'
    } catch (error) {
      // The visitor closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return null
    }
  }
  return copyAddress()
}

const MESSAGES: Record<Exclude<Outcome, null>, string> = {
  shared: 'Terima kasih telah membagikan.',
  copied: 'Tautan disalin ke papan klip.',
  failed: 'Tautan tidak dapat disalin. Salin alamat dari bilah alamat browser.',
}

function useShare(title: string) {
  const [outcome, setOutcome] = useState<Outcome>(null)
  return {
    outcome,
    message: outcome ? MESSAGES[outcome] : '',
    share: async () => setOutcome(await shareAddress(title)),
    copy: async () => setOutcome(await copyAddress()),
  }
}

const ShareIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </svg>
)

/** The round share button next to the article's category. */
export function ShareButton({ title }: { title: string }) {
  const { share, message } = useShare(title)
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={share}
        className={
          'inline-flex h-10 w-10 items-center justify-center rounded-full border border-gray-300 bg-white ' +
          'text-gray-700 hover:bg-emerald-50 hover:text-emerald-800'
        }
      >
        <ShareIcon />
        <span className="sr-only">Bagikan berita</span>
      </button>
      <span role="status" className="text-sm text-emerald-800">
        {message}
      </span>
    </span>
  )
}

/** The "Bagikan Artikel" block under the article. */
export function ShareSection({ title }: { title: string }) {
  const { share, copy, message } = useShare(title)
  return (
    <HeadedSection id="bagikan" title="Bagikan Artikel" className="mt-10 rounded-xl bg-emerald-50 p-6">
      <p className="mt-1 text-sm text-gray-600">Sebarkan informasi ini kepada keluarga dan tetangga.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={share}
          className={
            'inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white ' +
            'hover:bg-emerald-800'
          }
        >
          <ShareIcon />
          Bagikan
        </button>
        <button
          type="button"
          onClick={copy}
          className={
            'rounded-lg border border-emerald-700 bg-white px-4 py-2 font-semibold text-emerald-800 ' +
            'hover:bg-emerald-100'
          }
        >
          Salin Tautan
        </button>
      </div>
      <p role="status" className="mt-3 min-h-5 text-sm text-emerald-800">
        {message}
      </p>
    </HeadedSection>
  )
}
