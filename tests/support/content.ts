import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { inject } from 'vitest'
import { adminToken, api, unique } from './api'

/** Test pictures are drawn here, never committed. */
export type Picture = { data: Buffer; name: string; type: string }

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })

export const jpeg = async (width = 64, height = 48): Promise<Picture> => ({
  data: await canvas(width, height).jpeg().toBuffer(),
  name: 'photo.jpg',
  type: 'image/jpeg',
})
export const png = async (width = 64, height = 48): Promise<Picture> => ({
  data: await canvas(width, height).png().toBuffer(),
  name: 'photo.png',
  type: 'image/png',
})
export const gif = async (width = 64, height = 48): Promise<Picture> => ({
  data: await canvas(width, height).gif().toBuffer(),
  name: 'photo.gif',
  type: 'image/gif',
})
export const webp = async (width = 64, height = 48): Promise<Picture> => ({
  data: await canvas(width, height).webp().toBuffer(),
  name: 'photo.webp',
  type: 'image/webp',
})

/** A JPEG carrying GPS coordinates and a camera make in its EXIF block. */
export const jpegWithGps = async (): Promise<Picture> => ({
  data: await canvas(64, 48)
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 3000' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '107/1 36/1 0/1' },
    })
    .toBuffer(),
  name: 'gps.jpg',
  type: 'image/jpeg',
})

/** A PNG whose header claims `width` x `height` (a decompression bomb needs no more to be judged). */
export async function pngClaiming(width: number, height: number): Promise<Picture> {
  const data = Buffer.from((await png(8, 8)).data)
  // Signature (8) + IHDR length (4) + "IHDR" (4), then width and height, then the chunk's CRC.
  data.writeUInt32BE(width, 16)
  data.writeUInt32BE(height, 20)
  data.writeUInt32BE(zlib.crc32(data.subarray(12, 29)) >>> 0, 29)
  return { data, name: 'bomb.png', type: 'image/png' }
}

export function form(fields: Record<string, string | number>, picture?: Picture): FormData {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, String(value))
  if (picture) body.append('image', new Blob([new Uint8Array(picture.data)], { type: picture.type }), picture.name)
  return body
}

export type Kind = 'posts' | 'products' | 'photos' | 'sliders' | 'aparaturs' | 'events' | 'maps'

/** The shared test server's uploads folder for `kind`. */
export const uploadsDir = (kind: Kind) => path.join(inject('serverDir'), 'uploads', kind)

export const fileExists = (kind: Kind, name: string) => fs.existsSync(path.join(uploadsDir(kind), name))

/** A new category (posts need one). */
export async function newCategory(): Promise<{ id: number; name: string }> {
  const result = await api('POST', '/api/admin/categories', {
    token: await adminToken(),
    json: { name: unique('Kategori ') },
  })
  if (result.status !== 201) throw new Error(`category: ${result.text}`)
  return result.body.data
}

/** The name a test file's upload got: a fresh 32-hex name, the picture's own size and the format's extension. */
export const STORED_NAME = /^[a-f0-9]{32}-[1-9]\d*x[1-9]\d*\.(jpg|png|gif|webp)$/
