import { useEffect, useId, useRef, useState } from 'react'
import { FieldError } from './form'

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['blockquote', 'link', 'image'],
]

/**
 * Quill 2, loaded in the browser only (never part of the server render or of public pages).
 * The HTML goes into a hidden field; the model sanitises it on save. Quill's defaults already limit
 * links to http(s), mailto, tel and sms, and images to http(s) and data URLs.
 */
export function RichTextField({ label, name, defaultValue, error }: { label: string; name: string; defaultValue?: string | null; error?: string }) {
  const id = useId()
  const labelId = `${id}-label`
  const errorId = `${id}-error`
  const holder = useRef<HTMLDivElement>(null)
  const [html, setHtml] = useState(defaultValue ?? '')
  const [ready, setReady] = useState(false)
  const initial = useRef(defaultValue ?? '')

  useEffect(() => {
    let cancelled = false
    const element = holder.current
    if (!element) return
    const editor = document.createElement('div')
    element.appendChild(editor)
    import('quill').then(({ default: Quill }) => {
      if (cancelled) return
      const quill = new Quill(editor, {
        theme: 'snow',
        modules: { toolbar: TOOLBAR, history: { delay: 1000, maxStack: 100, userOnly: true } },
      })
      if (initial.current) quill.setContents(quill.clipboard.convert({ html: initial.current }), 'silent')
      const root = quill.root
      root.setAttribute('role', 'textbox')
      root.setAttribute('aria-multiline', 'true')
      root.setAttribute('aria-labelledby', labelId)
      // Quill's heading picker is a role=button span without a name.
      for (const picker of element.querySelectorAll('.ql-picker-label')) picker.setAttribute('aria-label', 'Text style')
      if (error) root.setAttribute('aria-describedby', errorId)
      quill.on('text-change', () => setHtml(quill.getLength() > 1 ? root.innerHTML : ''))
      setReady(true)
    })
    return () => {
      cancelled = true
      element.innerHTML = ''
    }
    // The editor is created once; later error changes only touch the description.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <div>
      <p id={labelId} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </p>
      <input type="hidden" name={name} value={html} />
      <div className="rich-text rounded-lg bg-white" data-ready={ready ? 'true' : 'false'}>
        <div ref={holder} className="[&_.ql-container]:h-[200px] [&_.ql-container]:text-sm" />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  )
}
