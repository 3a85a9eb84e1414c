import { useNavigation } from '@remix-run/react'

/** A bar across the top of the window while the next screen loads. */
export function PendingBar() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <div
      role="progressbar"
      aria-label="Memuat halaman"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-emerald-100"
    >
      <div className="pending-bar h-full w-1/3 bg-emerald-600" />
    </div>
  )
}
