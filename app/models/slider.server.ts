import { z } from 'zod'
import { prisma } from '~/utils/db.server'
import type { ListQuery } from '~/lib/paging'
import { parseMediaUpload, writeWithImage } from '~/utils/upload-pipeline.server'
import { imageAlt, optionalText } from '~/utils/validation.server'
import { deleteWithImage, listPage, orNotFound, publicRows } from './crud.server'

export const sliderSelect = {
  id: true,
  image: true,
  image_alt: true,
  description: true,
  created_at: true,
  updated_at: true,
} as const

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({ description: optionalText('Description', 1000), image_alt: imageAlt() })

export const listSliders = (query: ListQuery, path: string) =>
  listPage(prisma.slider, { table: 'sliders', select: sliderSelect, searchColumns: ['description'], query, path })

/** One slider (the activity log reads it before a delete; sliders have no detail call). */
export const findSlider = (id: number) =>
  orNotFound(prisma.slider.findUnique({ where: { id }, select: sliderSelect }), 'Slider')

/** Every slider, newest first (the home page slider). */
const publicSliders = publicRows<{
  id: number
  image: string
  image_alt: string
  description: string
  created_at: Date
  updated_at: Date
}>('sliders', sliderSelect)

/** Every slider, newest first (the public home slider). */
export const allSliders = () => publicSliders.newest()

export async function createSlider(input: Record<string, unknown>) {
  const { data, file } = parseMediaUpload(schema, input)
  return writeWithImage('sliders', file, async (image) => {
    const result = await prisma.slider.create({ data: { ...data, image: image! }, select: sliderSelect })
    return { result }
  })
}

export const deleteSlider = (id: number) => deleteWithImage('sliders', 'Slider', id)
