import { useRef, useState, type KeyboardEvent } from 'react'
import { ItemImage } from '~/components/shared/upload-image'
import { useDialogFocus } from '~/components/shared/use-dialog-focus'
import { IconButton } from '~/components/shared/icon'

export type GalleryPhoto = { id: number; image: string; image_alt: string; caption: string; description: string }

/** Gallery tiles; a tile opens the full-screen viewer at its photo. */
export function PhotoGallery({ photos }: { photos: GalleryPhoto[] }) {
  const [open, setOpen] = useState<number | null>(null)
  return (
    <>
      <ul aria-label="Daftar foto" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            {/* A button: click, Enter and Space all open the viewer. */}
            <button
              type="button"
              onClick={() => setOpen(index)}
              aria-haspopup="dialog"
              className={
                'group relative block aspect-[4/3] w-full overflow-hidden ' +
                'rounded-xl bg-gray-100 text-left shadow-sm'
              }
            >
              <ItemImage
                kind="photos"
                item={photo}
                label={photo.caption}
                eager={index < 3}
                className="h-full w-full transition duration-300 group-hover:scale-105"
              />
              <TileCaption photo={photo} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && photos[open] ? (
        <PhotoViewer photos={photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      ) : null}
    </>
  )
}

/** A tile's caption over its lower edge, shown on hover and focus: the caption, and the description's first lines. */
function TileCaption({ photo }: { photo: GalleryPhoto }) {
  return (
    <span
      className={
        'absolute inset-x-0 bottom-0 flex translate-y-2 flex-col bg-gradient-to-t from-black/80 ' +
        'via-black/50 to-transparent p-4 text-white opacity-0 transition group-hover:translate-y-0 ' +
        'group-hover:opacity-100 group-focus-visible:translate-y-0 group-focus-visible:opacity-100'
      }
    >
      <span className="font-semibold">{photo.caption}</span>
      {photo.description ? <span className="mt-1 line-clamp-2 text-sm text-gray-200">{photo.description}</span> : null}
    </span>
  )
}

function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: GalleryPhoto[]
  index: number
  onIndex: (index: number) => void
  onClose: () => void
}) {
  const dialog = useRef<HTMLDivElement>(null)
  useDialogFocus(dialog, true, onClose)
  const photo = photos[index]
  const total = photos.length
  // Wraps at both ends.
  const previous = () => onIndex((index - 1 + total) % total)
  const next = () => onIndex((index + 1) % total)
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      previous()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      next()
    }
  }
  const control = 'flex h-12 w-12 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/25'
  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={`Foto: ${photo.caption}`}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 flex flex-col bg-black/95 text-white"
    >
      <div className="flex items-center justify-between p-4">
        <p className="text-sm font-medium tabular-nums" aria-live="polite">
          {index + 1} / {total}
        </p>
        <IconButton icon="close" label="Tutup" onClick={onClose} data-autofocus className={control} />
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center px-4">
        <IconButton
          icon="previous"
          label="Foto sebelumnya"
          onClick={previous}
          className={`${control} absolute left-2 top-1/2 z-10 -translate-y-1/2 md:left-6`}
        />
        <ItemImage
          key={photo.id}
          kind="photos"
          item={photo}
          label={photo.caption}
          eager
          sizes="100vw"
          className="max-h-full w-auto max-w-full rounded-lg object-contain"
        />
        <IconButton
          icon="next"
          label="Foto berikutnya"
          onClick={next}
          className={`${control} absolute right-2 top-1/2 z-10 -translate-y-1/2 md:right-6`}
        />
      </div>
      <div className="mx-auto w-full max-w-3xl p-6 text-center">
        <h2 className="text-lg font-semibold">{photo.caption}</h2>
        {photo.description ? <p className="mt-1 text-gray-300">{photo.description}</p> : null}
      </div>
    </div>
  )
}
