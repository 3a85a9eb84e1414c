import { z } from 'zod'
import { prisma } from '~/server/db.server'
import { notFound } from '~/server/http.server'
import type { ListQuery } from '~/lib/paging'
import { parseMediaUpload, writeWithImage } from '~/server/uploads.server'
import { optionalText } from '~/server/validation.server'
import { listPage } from './crud.server'

export const sliderSelect = { id: true, image: true, description: true, created_at: true, updated_at: true } as const

const schema = z.object({ description: optionalText('Description', 1000) })

export const listSliders = (query: ListQuery, path = '/api/admin/sliders') =>
  listPage(prisma.slider, { select: sliderSelect, searchColumns: ['description'], query, path })

/** One slider (the activity log reads it before a delete; sliders have no detail call). */
export async function findSlider(id: number) {
  const row = await prisma.slider.findUnique({ where: { id }, select: sliderSelect })
  if (!row) throw notFound('Slider')
  return row
}

/** Every slider, newest first (the home page slider). */
export const allSliders = () => prisma.slider.findMany({ select: sliderSelect, orderBy: { id: 'desc' } })

export async function createSlider(input: Record<string, unknown>) {
  const { data, file } = parseMediaUpload(schema, input)
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
