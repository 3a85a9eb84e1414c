// Draws the PNG icons of the web app manifest (and the Apple touch icon) from public/favicon.svg.
// The PNGs are committed; run `node scripts/draw-icons.mjs` again after changing the SVG.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public')
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'))

const icons = [
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
  { file: 'apple-touch-icon.png', size: 180, flatten: true },
]

for (const { file, size, flatten } of icons) {
  let image = sharp(svg, { density: 600 }).resize(size, size)
  if (flatten) image = image.flatten({ background: '#047857' })
  await image.png({ compressionLevel: 9 }).toFile(path.join(publicDir, file))
}

const inner = await sharp(svg, { density: 600 }).resize(410, 410).png().toBuffer()
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#047857' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png({ compressionLevel: 9 })
  .toFile(path.join(publicDir, 'icon-maskable-512.png'))

console.log('[icons] wrote', [...icons.map((icon) => icon.file), 'icon-maskable-512.png'].join(', '))
