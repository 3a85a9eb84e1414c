import type { EntryContext } from '@remix-run/node'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { readHydrationData, renderDocument, renderStreamed } from '../../app/utils/document-render.server'

// Pages are rendered into one string once Remix's hydration data is read (decision 088). The string must be what the
// stream renderer writes, a part that suspends must still be rendered on the server, and a Remix that no longer reads
// the data from the render's stream cache must fail its pages rather than send them without their data.

const page = (text: string) => (
  <html lang="id">
    <head>
      <title>{text}</title>
    </head>
    <body>
      <main className="a &amp; b">
        {text} <b>{'<tebal> & "kutip"'}</b> é 𝔘
      </main>
    </body>
  </html>
)

const noError = () => {
  throw new Error('no error expected')
}

describe('the document render', () => {
  it('writes exactly what the stream renderer writes, the doctype included', async () => {
    const text = 'Desa Sukamaju '.repeat(400)
    const streamed = await renderStreamed(page(text), { onError: noError })
    const whole = await renderDocument(() => page(text), { onError: noError })
    expect(whole.toString('utf8').startsWith('<!DOCTYPE html><html lang="id">')).toBe(true)
    expect(whole.equals(streamed)).toBe(true)
  })

  it('renders a part that suspends on the server, by the stream renderer, once it is ready', async () => {
    let ready = false
    const pending = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => {
      ready = true
    })
    function Late() {
      if (!ready) throw pending
      return <p>siap</p>
    }
    const html = await renderDocument(
      () => (
        <html lang="id">
          <body>
            <Suspense fallback={<p>memuat</p>}>
              <Late />
            </Suspense>
          </body>
        </html>
      ),
      { onError: noError },
    )
    expect(html.toString()).toContain('<p>siap</p>')
    expect(html.toString()).not.toContain('memuat')
  })
})

function contextWith(chunks: string[]) {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
      controller.close()
    },
  })
  return { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext
}

describe("Remix's hydration data, read before the render", () => {
  it('is kept as StreamTransfer reads it, chunk by chunk, the last one done, and the stream is free again', async () => {
    const context = contextWith(['[{"a":1}]\n', 'P1:[2]\n'])
    const { check } = await readHydrationData(context)
    const cache = context.renderMeta!.streamCache!
    expect(Object.keys(cache)).toEqual(['0', '1', '2'])
    expect(cache[0].result).toEqual({ done: false, value: '[{"a":1}]\n' })
    expect(cache[1].result).toEqual({ done: false, value: 'P1:[2]\n' })
    expect(cache[2].result).toEqual({ done: true, value: '' })
    // RemixServer takes a reader of its own afterwards: it gets one, and reads nothing more.
    expect(await context.serverHandoffStream!.getReader().read()).toEqual({ done: true, value: undefined })
    // Every chunk taken, as StreamTransfer takes them: the render is accepted.
    context.renderMeta!.didRenderScripts = true
    check()
  })

  it('fails a render that wrote the scripts but did not take every chunk from the cache', async () => {
    const context = contextWith(['[{"a":1}]\n'])
    const { check } = await readHydrationData(context)
    // A page without <Scripts /> sends no data: nothing to take.
    check()
    context.renderMeta!.didRenderScripts = true
    expect(() => check()).toThrow(/no longer renders them/)
    void context.renderMeta!.streamCache![0]
    expect(() => check()).toThrow(/took 1 of the 2 chunks/)
    void context.renderMeta!.streamCache![1]
    check()
  })

  it('leaves a context without a stream as it is', async () => {
    const context = { renderMeta: {} } as unknown as EntryContext
    const { check } = await readHydrationData(context)
    expect(context.renderMeta).toEqual({})
    check()
  })
})
