import { useEffect, useRef, useState } from 'react'
import { isoDay } from '~/lib/event-times'
import { toZonedInput } from '~/lib/zoned-time'
import { Field } from './form'

const inputClass =
  'block w-full max-w-xs rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 ' +
  'aria-[invalid=true]:border-red-500'

/**
 * A date and time in the village's time zone (`TZ`): a datetime-local input, which sends the wall-clock time the
 * server reads in that zone. With `dateWhen`, it takes a date alone while the form's checkbox of that name is ticked
 * (an all-day event), and its value follows the switch.
 */
export function DateTimeField({
  label,
  name,
  error,
  value: initial,
  timeZone,
  dateWhen,
  dateOnly: initiallyDateOnly,
}: {
  label: string
  name: string
  error?: string
  value: string | Date | null | undefined
  timeZone: string
  dateWhen?: string
  dateOnly: boolean
}) {
  const input = useRef<HTMLInputElement>(null)
  const [dateOnly, setDateOnly] = useState(initiallyDateOnly)
  const [value, setValue] = useState(() =>
    initial ? (initiallyDateOnly ? isoDay(initial) : toZonedInput(initial, timeZone)) : '',
  )
  useEffect(() => {
    const box = dateWhen
      ? input.current?.form?.querySelector<HTMLInputElement>(`input[type="checkbox"][name="${dateWhen}"]`)
      : null
    if (!box) return
    const follow = () => {
      setDateOnly(box.checked)
      setValue((current) => (!current ? '' : box.checked ? current.slice(0, 10) : `${current.slice(0, 10)}T00:00`))
    }
    box.addEventListener('change', follow)
    return () => box.removeEventListener('change', follow)
  }, [dateWhen])
  return (
    <Field label={`${label} (${dateOnly ? 'tanggal' : `tanggal dan jam, ${timeZone}`})`} error={error}>
      {(props) => (
        <input
          {...props}
          ref={input}
          name={name}
          type={dateOnly ? 'date' : 'datetime-local'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className={inputClass}
        />
      )}
    </Field>
  )
}

/** A checkbox that always sends its field: 1 when ticked, 0 when not (a hidden 0 first, the box's 1 after it). */
export function CheckboxField({
  label,
  name,
  error,
  checked,
}: {
  label: string
  name: string
  error?: string
  checked: boolean
}) {
  return (
    <div>
      <input type="hidden" name={name} value="0" />
      <label className="flex items-center gap-2 text-sm font-medium text-gray-700">
        <input
          type="checkbox"
          name={name}
          value="1"
          defaultChecked={checked}
          aria-invalid={!!error}
          className="h-4 w-4 rounded border-gray-300 text-brand-600"
        />
        {label}
      </label>
      {error ? <p className="mt-1 text-sm text-red-600">{error}</p> : null}
    </div>
  )
}
