import { useRouteLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'

type ToastMessage = { message: string; description?: string; duration?: number; type: 'info' | 'success' | 'error' | 'warning' }
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

  useEffect(() => {
    if (!toast) return
    const key = ++counter
    setShown((list) => [...list, { ...toast, key }].slice(-MAX_TOASTS))
    // Not cleared when the next loader answer arrives: each toast stays for its own duration.
    setTimeout(() => setShown((list) => list.filter((item) => item.key !== key)), toast.duration ?? DEFAULT_DURATION)
  }, [toast])

  return (
    <div aria-live="polite" className="pointer-events-none fixed right-4 top-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
      {shown.map((item) => (
        <div key={item.key} role={item.type === 'error' ? 'alert' : 'status'} className={`pointer-events-auto rounded-lg border px-4 py-3 text-sm shadow-lg ${tone[item.type]}`}>
          <p className="font-medium">{item.message}</p>
          {item.description ? <p className="mt-0.5 opacity-80">{item.description}</p> : null}
        </div>
      ))}
    </div>
  )
}
