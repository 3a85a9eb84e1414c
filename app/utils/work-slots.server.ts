/**
 * A limit on how many of one kind of heavy work run at once (decoding a large image, drawing a PDF): the rest wait
 * their turn, first come first served. Each limit counts its own work.
 */
export function workSlots(max: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    while (running >= max) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await work()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}
