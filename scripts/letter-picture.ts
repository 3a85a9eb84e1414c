// The picture of the demo letter in docs/ (docs/letter-demo.png, README "Checking a letter"): a letter's first page
// drawn by PDF.js on @napi-rs/canvas at 110 dpi, to see that it reads well printed. Run it after changing
// app/models/citizen-services/letter-pdf.server.ts:
//   npm run letter-picture -- --pdf surat.pdf      draws a letter already downloaded
//   npm run letter-picture -- --site http://localhost:3000 [--user admin --password password]
//                                                  issues the demo village's Surat Keterangan Domisili to a
//                                                  walk-in villager through the API (one more letter in that site's
//                                                  register: use a development site) and draws it
// Like the bench, it goes through the API (decision 067): it imports nothing of the app.
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createCanvas } from '@napi-rs/canvas'

const DPI = 110
const OUT = path.resolve('docs/letter-demo.png')
const { values } = parseArgs({
  options: {
    pdf: { type: 'string' },
    site: { type: 'string', default: 'http://localhost:3000' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'password' },
  },
})

async function call(pathName: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(`${values.site}${pathName}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
  })
  if (!response.ok) throw new Error(`${pathName}: ${response.status} ${await response.text()}`)
  return response
}

/** The demo letter, issued through the staff's API and downloaded. */
async function issuedDemoLetter(): Promise<Uint8Array> {
  const login = await (
    await call('/api/login', {
      method: 'POST',
      body: JSON.stringify({ username: values.user, password: values.password }),
    })
  ).json()
  const token: string = login.data.token
  const letter = await (
    await call('/api/admin/letters', {
      method: 'POST',
      token,
      body: JSON.stringify({
        letter_type: 'surat-keterangan-domisili',
        name: 'Siti Rahmawati',
        nik: '3203014508900002',
        data: {
          tempat_lahir: 'Cianjur',
          tanggal_lahir: '1990-08-05',
          jenis_kelamin: 'Perempuan',
          pekerjaan: 'Petani',
          alamat: 'Kampung Babakan RT 002 RW 005',
          keperluan: 'pembukaan rekening bank',
          lama_tinggal: '11',
        },
      }),
    })
  ).json()
  return new Uint8Array(await (await call(`/api/admin/letters/${letter.data.id}/pdf`, { token })).arrayBuffer())
}

const pdf = values.pdf ? new Uint8Array(await fs.readFile(values.pdf)) : await issuedDemoLetter()
const pdfSize = pdf.byteLength
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
const document = await pdfjs.getDocument({ data: pdf, isEvalSupported: false, useSystemFonts: false }).promise
const page = await document.getPage(1)
const viewport = page.getViewport({ scale: DPI / 72 })
const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height))
const context = canvas.getContext('2d')
context.fillStyle = '#ffffff'
context.fillRect(0, 0, canvas.width, canvas.height)
await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as never, viewport }).promise
await fs.writeFile(OUT, await canvas.encode('png'))
await document.destroy()
console.log(`${path.relative(process.cwd(), OUT)}: ${canvas.width}x${canvas.height}, from ${pdfSize} bytes of PDF`)
