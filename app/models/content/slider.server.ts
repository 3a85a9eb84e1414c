import { prisma } from '~/utils/db.server'
import { createWithMedia } from '~/utils/upload-pipeline.server'
import { imageAlt, optionalText } from '~/utils/validation.server'
import { adminList, deleteWithImage, orNotFound } from '~/models/site/crud.server'
import { publicTable } from '~/public-reads/public-table.server'
import { altText, responseId, selectOf, storedImage, timestamps, z } from '~/utils/response-shape.server'

/** A slider as every answer shows it (docs/api.md "Items"); the select of every read and the API's `Slider`. */
export const sliderResponse = z
  .object({
    id: responseId(),
    image: storedImage('sliders'),
    image_alt: altText(),
    description: z.string(),
    ...timestamps,
  })
  .openapi('Slider')
export const sliderSelect = selectOf(sliderResponse)

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({ description: optionalText('Description', 1000), image_alt: imageAlt() })

export const listSliders = adminList(prisma.slider, {
  table: 'sliders',
  select: sliderSelect,
  searchColumns: ['description'],
})

/** One slider (the activity log reads it before a delete; sliders have no detail call). */
export const findSlider = (id: number) =>
  orNotFound(prisma.slider.findUnique({ where: { id }, select: sliderSelect }), 'Slider')

/** What the public sees of sliders (app/public-reads/public-table.server.ts), from the same select. */
const publicSliders = publicTable<{
  id: number
  image: string
  image_alt: string
  description: string
  created_at: Date
  updated_at: Date
}>({ table: 'sliders', select: sliderSelect })

/** Every slider, newest first (the public home slider). */
export const allSliders = () => publicSliders.newest()

export const createSlider = (input: Record<string, unknown>) =>
  createWithMedia('sliders', schema, input, (data, image) =>
    prisma.slider.create({ data: { ...data, image }, select: sliderSelect }),
  )

export const deleteSlider = (id: number) => deleteWithImage('sliders', 'Slider', id)
