import { describe, expect, it } from 'vitest'
import {
  COPY_NAME,
  copiesOf,
  copyWidths,
  pictureSize,
  STORED_NAME,
  storedName,
  variantName,
} from '#core/image-variants.js'

describe('the widths a picture is stored in', () => {
  it('are the standard widths below its own, plus its own up to the largest; none under the smallest', () => {
    expect(copyWidths(1)).toEqual([])
    expect(copyWidths(319)).toEqual([])
    expect(copyWidths(320)).toEqual([320])
    expect(copyWidths(800)).toEqual([320, 640, 800])
    expect(copyWidths(1024)).toEqual([320, 640, 1024])
    expect(copyWidths(1600)).toEqual([320, 640, 1024, 1600])
    expect(copyWidths(4000)).toEqual([320, 640, 1024, 1600])
  })

  it('are read from the stored name, which carries the size', () => {
    const name = storedName('a'.repeat(32), 800, 600, 'jpg')
    expect(name).toBe(`${'a'.repeat(32)}-800x600.jpg`)
    expect(pictureSize(name)).toEqual({ width: 800, height: 600 })
    expect(copiesOf(name)).toEqual([320, 640, 800])
    expect(variantName(name, 640)).toBe(`${'a'.repeat(32)}-800x600-640.webp`)
    // A GIF keeps only its original; a name from before sizes were stored has no known copies.
    expect(copiesOf(storedName('b'.repeat(32), 800, 600, 'gif'))).toEqual([])
    expect(pictureSize(`${'c'.repeat(32)}.png`)).toBeUndefined()
    expect(copiesOf(`${'c'.repeat(32)}.png`)).toEqual([])
  })

  it('tell stored pictures and copies from anything else', () => {
    const stem = 'd'.repeat(32)
    for (const name of [`${stem}.jpg`, `${stem}-1x1.png`, `${stem}-40000000x1.webp`])
      expect(STORED_NAME.test(name), name).toBe(true)
    for (const name of [`${stem}-320.webp`, `${stem}-800x600-800.webp`]) expect(COPY_NAME.test(name), name).toBe(true)
    for (const name of [
      `${stem}.svg`,
      `${stem}-800x600.exe`,
      `${stem.toUpperCase()}.jpg`,
      `../${stem}.jpg`,
      `${stem}-800x600-320.jpg`,
      `${stem}-x600.jpg`,
    ]) {
      expect(STORED_NAME.test(name) || COPY_NAME.test(name), name).toBe(false)
    }
  })
})
