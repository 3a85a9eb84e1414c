import { useEffect, useId, useRef, useState } from 'react'
import { FieldError } from '~/components/shared/form'
import { IMAGE_MAX_MB, IMAGE_MAX_MEGAPIXELS } from '~/lib/upload-limits'

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['blockquote', 'link', 'image'],
]

type Stored = { url: string; width: number; height: number }

/** Why an upload failed, in the admin's words (the API answers in English). */
function uploadFailure(status: number): string {
  if (status === 413) return `Gambar gagal diunggah: ukurannya lebih dari ${IMAGE_MAX_MB} MB.`
  if (status === 422)
    return `Gambar gagal diunggah: berkas bukan gambar JPEG, PNG, GIF atau WebP yang utuh (paling besar ${IMAGE_MAX_MEGAPIXELS} megapiksel).`
  if (status === 401) return 'Gambar gagal diunggah: sesi Anda berakhir. Silakan masuk lagi.'
  if (status === 403) return 'Gambar gagal diunggah: Anda tidak punya izin menulis berita, halaman atau produk.'
  return 'Gambar gagal diunggah. Periksa koneksi lalu coba lagi.'
}

/** Stores an image for rich text (POST /api/admin/uploads, with the session cookie): its stored address and size. */
async function uploadImage(file: File): Promise<Stored> {
  const body = new FormData()
  body.append('image', file)
  let response: Response
  try {
    response = await fetch('/api/admin/uploads', {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
  } catch {
    throw new Error(uploadFailure(0))
  }
  if (response.status !== 201) throw new Error(uploadFailure(response.status))
  return ((await response.json()) as { data: Stored }).data
}

/** The alt text of an image about to be inserted: what it shows, for screen readers (empty when cancelled). */
const askAlt = (name: string) =>
  (
    window.prompt(`Teks alternatif gambar${name ? ` "${name}"` : ''}: jelaskan isi gambar untuk pembaca layar.`, '') ??
    ''
  )
    .trim()
    .slice(0, 250)

/**
 * Quill 2, loaded in the browser only (never part of the server render or of public pages).
 * The HTML goes into a hidden field; the model sanitises it on save. Quill's defaults already limit
 * links to http(s), mailto, tel and sms. Images (the toolbar's button, a pasted or dropped file) are uploaded at
 * once (POST /api/admin/uploads) and inserted as the stored copy with an alt text the admin gives; an image pasted
 * inside HTML (a `data:` address) is stored when the form is saved.
 */
export function RichTextField({
  label,
  name,
  defaultValue,
  error,
}: {
  label: string
  name: string
  defaultValue?: string | null
  error?: string
}) {
  const id = useId()
  const labelId = `${id}-label`
  const errorId = `${id}-error`
  const holder = useRef<HTMLDivElement>(null)
  const [html, setHtml] = useState(defaultValue ?? '')
  const [ready, setReady] = useState(false)
  const [uploadError, setUploadError] = useState('')
  const [uploading, setUploading] = useState(false)
  const initial = useRef(defaultValue ?? '')

  useEffect(() => {
    let cancelled = false
    const element = holder.current
    if (!element) return
    const editor = document.createElement('div')
    element.appendChild(editor)
    import('quill').then(({ default: Quill }) => {
      if (cancelled) return
      // Uploads each image, then inserts it where the cursor was, with its alt text.
      const insertImages = async (index: number, files: File[]) => {
        setUploadError('')
        setUploading(true)
        try {
          for (const file of files) {
            const alt = askAlt(file.name)
            const stored = await uploadImage(file)
            if (cancelled) return
            quill.insertEmbed(index, 'image', stored.url, 'user')
            if (alt) quill.formatText(index, 1, { alt }, 'user')
            index += 1
            quill.setSelection(index, 0, 'user')
          }
        } catch (failure) {
          setUploadError((failure as Error).message)
        } finally {
          setUploading(false)
        }
      }
      // The image button's file chooser: a hidden input of its own, outside the form's fields (it has no name).
      const chooser = document.createElement('input')
      chooser.type = 'file'
      chooser.accept = 'image/jpeg,image/png,image/gif,image/webp'
      chooser.hidden = true
      chooser.addEventListener('change', () => {
        const files = Array.from(chooser.files ?? [])
        chooser.value = ''
        if (files.length) void insertImages(quill.getSelection(true).index, files)
      })
      element.appendChild(chooser)
      const chooseImage = () => chooser.click()
      const quill = new Quill(editor, {
        theme: 'snow',
        modules: {
          toolbar: { container: TOOLBAR, handlers: { image: chooseImage } },
          history: { delay: 1000, maxStack: 100, userOnly: true },
          // A pasted or dropped image file.
          uploader: {
            mimetypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
            handler: (range: { index: number }, files: File[]) => void insertImages(range.index, files),
          },
        },
      })
      if (initial.current) quill.setContents(quill.clipboard.convert({ html: initial.current }), 'silent')
      const root = quill.root
      root.setAttribute('role', 'textbox')
      root.setAttribute('aria-multiline', 'true')
      root.setAttribute('aria-labelledby', labelId)
      // Quill's heading picker is a role=button span without a name.
      for (const picker of element.querySelectorAll('.ql-picker-label')) picker.setAttribute('aria-label', 'Text style')
      element.querySelector('button.ql-image')?.setAttribute('aria-label', 'Sisipkan gambar')
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
      {uploading ? (
        <p role="status" className="mt-1 text-sm text-gray-600">
          Mengunggah gambar...
        </p>
      ) : null}
      {uploadError ? (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {uploadError}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  )
}
