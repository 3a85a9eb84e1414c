import { z } from 'zod'
import { prisma } from '~/lib/db.server'
import { notFound, validationError } from '~/lib/http.server'
import type { ListQuery } from '~/lib/paging'
import { stagedImage, writeWithImage } from '~/lib/uploads.server'
import { fieldErrors, optionalText } from '~/lib/validation.server'
import { listPage } from './crud.server'

export const sliderSelect = { id: true, image: true, description: true, created_at: true, updated_at: true } as const

const schema = z.object({ description: optionalText('Description', 1000) })

export const listSliders = (query: ListQuery, path = '/api/admin/sliders') =>
  listPage(prisma.slider, { select: sliderSelect, searchColumns: ['description'], query, path })

/** Every slider, newest first (the home page slider). */
export const allSliders = () => prisma.slider.findMany({ select: sliderSelect, orderBy: { id: 'desc' } })

export async function createSlider(input: Record<string, unknown>) {
  const file = stagedImage(input)
  const parsed = schema.safeParse(input)
  const errors = parsed.success ? {} : fieldErrors(parsed.error)
  if (!file) errors.Image = 'Image is required'
  if (!parsed.success || !file) throw validationError(errors)
  const data = parsed.data
  return writeWithImage('sliders', file, async (image) => {
    const result = await prisma.slider.create({ data: { ...data, image: image! }, select: sliderSelect })
    return { result }
  })
}

export async function deleteSlider(id: number) {
  await writeWithImage('sliders', undefined, async () => {
    const existing = await prisma.slider.findUnique({ where: { id }, select: { image: true } })
    if (!existing) throw notFound('Slider')
    await prisma.slider.delete({ where: { id } })
    return { result: undefined, replaced: existing.image }
  })
}
