import { useEffect, useRef, useState } from 'react'

/**
 * The location picker of the project, product and event forms (docs/api.md "Village map (peta desa)"): the two number
 * fields `latitude` and `longitude` are the picker without scripts; `Pilih di Peta` opens a map (its script loaded
 * then, not before) where a click fills both.
 */
export function LocationPicker() {
  const anchor = useRef<HTMLDivElement>(null)
  const holder = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (!open || !holder.current || !anchor.current) return
    const form = anchor.current.closest('form')
    const field = (name: string) => form?.querySelector<HTMLInputElement>(`input[name="${name}"]`) ?? null
    const lat = Number(field('latitude')?.value.replace(',', '.'))
    const lng = Number(field('longitude')?.value.replace(',', '.'))
    const start =
      field('latitude')?.value && Number.isFinite(lat) && Number.isFinite(lng)
        ? { latitude: lat, longitude: lng }
        : null
    let remove: (() => void) | undefined
    let gone = false
    Promise.all([
      import('./leaflet-view.client'),
      fetch('/api/public/map')
        .then((answer) => answer.json())
        .then((body) => body.data.bbox as [number, number, number, number])
        .catch((): [number, number, number, number] => [95, -11, 141, 6]),
    ]).then(([{ mountPicker }, bbox]) => {
      if (gone || !holder.current) return
      remove = mountPicker(holder.current, bbox, start, (latitude, longitude) => {
        const latField = field('latitude')
        const lngField = field('longitude')
        if (latField) latField.value = String(latitude)
        if (lngField) lngField.value = String(longitude)
      })
    })
    return () => {
      gone = true
      remove?.()
    }
  }, [open])
  return (
    <div ref={anchor} className="space-y-2">
      <button
        type="button"
        onClick={() => setOpen(!open)}
        className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        {open ? 'Tutup Peta' : 'Pilih di Peta'}
      </button>
      {open ? (
        <div
          ref={holder}
          className="h-72 w-full rounded-lg border border-gray-200"
          data-testid="pemilih-lokasi"
          aria-label="Klik peta untuk mengisi Latitude dan Longitude"
          role="region"
        />
      ) : null}
    </div>
  )
}
