import { useRouteLoaderData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'

type ToastMessage = {
  message: string
  description?: string
  duration?: number
  type: 'info' | 'success' | 'error' | 'warning'
}
type Shown = ToastMessage & { key: number }

const DEFAULT_DURATION = 4000
const MAX_TOASTS = 20

const tone: Record<ToastMessage['type'], string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
}

let counter = 0

/** The flash toasts (remix-toast, read by the root loader), top right, each for its own duration. */
export function Toaster() {
  const toast = useRouteLoaderData<{ toast: ToastMessage | null }>('root')?.toast ?? null
  const [shown, setShown] = useState<Shown[]>([])
  const [seen, setSeen] = useState<ToastMessage | null>(null)

  // Every loader answer with a toast adds one (adjusting state while rendering, as React advises).
  if (toast !== seen) {
    setSeen(toast)
    if (toast) {
      const entry = { ...toast, key: ++counter }
      setShown((list) => [...list, entry].slice(-MAX_TOASTS))
    }
  }

  // One timer per toast, started when it appears and not restarted by later ones.
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  useEffect(() => {
    const running = timers.current
    for (const item of shown) {
      if (running.has(item.key)) continue
      const dismiss = () => {
        running.delete(item.key)
        setShown((list) => list.filter((other) => other.key !== item.key))
      }
      running.set(item.key, setTimeout(dismiss, item.duration ?? DEFAULT_DURATION))
    }
  }, [shown])
  useEffect(() => {
    const running = timers.current
    return () => running.forEach(clearTimeout)
  }, [])

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 top-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {shown.map((item) => (
        <div
          key={item.key}
          role={item.type === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto rounded-lg border px-4 py-3 text-sm shadow-lg ${tone[item.type]}`}
        >
          <p className="font-medium">{item.message}</p>
          {item.description ? <p className="mt-0.5 opacity-80">{item.description}</p> : null}
        </div>
      ))}
    </div>
  )
}
