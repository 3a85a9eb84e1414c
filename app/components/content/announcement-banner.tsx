import { Link } from '@remix-run/react'
import { useSyncExternalStore } from 'react'
import { useNonce } from '~/components/shared/nonce'
import { Icon, IconButton } from '~/components/shared/icon'

/** One announcement showing now: its address, and `regency` for a regency's (shown on every village it hosts). */
export type BannerAnnouncement = { id: number; title: string; key: string; href: string; regency: boolean }

/**
 * Where the browser remembers the announcements a visitor closed (never a cookie: pages stay shareable by the cache).
 */
const STORAGE_KEY = 'balai-desa:pengumuman-ditutup'
/** Keys remembered at most (the oldest are forgotten first). */
const REMEMBERED = 50
const BANNER_ID = 'pengumuman-tayang'

/** Tells this page's banner that the stored list changed (another tab's changes come as `storage` events). */
const CHANGED = 'balai-desa:pengumuman'

/** Where the list is kept when the browser refuses localStorage (private mode): for this page view only. */
let unstored: string | null = null

const storedText = () => {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? unstored ?? '[]'
  } catch {
    return unstored ?? '[]'
  }
}

function parseDismissed(text: string | null): string[] {
  try {
    const value = JSON.parse(text ?? '[]')
    return Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : []
  } catch {
    return []
  }
}

/** Closes an announcement in this browser: remembers its key (the newest REMEMBERED) and tells the banner. */
function dismiss(key: string) {
  const keys = [...parseDismissed(storedText()).filter((known) => known !== key), key].slice(-REMEMBERED)
  unstored = JSON.stringify(keys)
  try {
    window.localStorage.setItem(STORAGE_KEY, unstored)
  } catch {
    // Private mode or storage full: closed for this page view only.
  }
  window.dispatchEvent(new Event(CHANGED))
}

function subscribe(changed: () => void) {
  window.addEventListener('storage', changed)
  window.addEventListener(CHANGED, changed)
  return () => {
    window.removeEventListener('storage', changed)
    window.removeEventListener(CHANGED, changed)
  }
}

/**
 * Runs as the page is parsed, before it is painted: hides the announcements this browser has closed, so a cached page
 * (the same HTML for every visitor) never flashes them. React then keeps them hidden (the state read in the effect).
 */
const HIDE_DISMISSED =
  `(function(){try{var d=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEY)})||'[]');` +
  `var b=document.getElementById(${JSON.stringify(BANNER_ID)});if(!b||!Array.isArray(d))return;var n=0;` +
  `b.querySelectorAll('[data-pengumuman]').forEach(function(e){if(d.indexOf(e.getAttribute('data-pengumuman'))>=0)` +
  `e.hidden=true;else n++});if(!n)b.hidden=true}catch(e){}})()`

/**
 * The announcements showing now (docs/api.md "Announcements"), above the content of every public page: each with its
 * title and a link to its page, and a button that closes it in this browser (remembered in localStorage). An edited
 * announcement has a new key, so it shows again.
 */
export function AnnouncementBanner({ announcements }: { announcements: BannerAnnouncement[] }) {
  const nonce = useNonce()
  // Null on the server and while hydrating (the page is the same for everyone), then this browser's list.
  const stored = useSyncExternalStore(subscribe, storedText, () => null)
  const dismissed = stored === null ? null : parseDismissed(stored)
  if (!announcements.length) return null
  const closed = (key: string) => dismissed?.includes(key) ?? false
  const allClosed = dismissed !== null && announcements.every((item) => closed(item.key))
  return (
    <>
      <section
        id={BANNER_ID}
        aria-label="Pengumuman"
        hidden={allClosed || undefined}
        suppressHydrationWarning
        className="border-b border-amber-300 bg-amber-50 text-amber-950"
      >
        <ul className="mx-auto max-w-7xl divide-y divide-amber-200 px-4">
          {announcements.map((item) => (
            <li
              key={item.key}
              data-pengumuman={item.key}
              hidden={closed(item.key) || undefined}
              suppressHydrationWarning
            >
              {/* The layout inside: a display class on the item itself would override its `hidden`. */}
              <div className="flex items-start gap-3 py-2">
                <Icon name="announcement" className="mt-1 h-5 w-5 shrink-0 text-amber-700" />
                <p className="min-w-0 flex-1 py-0.5 text-sm leading-snug">
                  <span className="font-semibold">
                    {item.regency ? 'Pengumuman Pemerintah Kabupaten: ' : 'Pengumuman: '}
                  </span>
                  <Link to={item.href} className="underline underline-offset-2 hover:text-amber-800">
                    {item.title}
                  </Link>
                </p>
                <IconButton
                  icon="close"
                  iconClassName="h-5 w-5"
                  label={<>Tutup pengumuman: {item.title}</>}
                  onClick={() => dismiss(item.key)}
                  className={
                    '-my-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-amber-900 ' +
                    'hover:bg-amber-100 focus:outline-none focus:ring-2 focus:ring-amber-600'
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HIDE_DISMISSED }} />
    </>
  )
}
