import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, expectSuccess } from '../support/api'

// docs/api.md "Budget (APBDes)": the public figures (totals and groups) always equal the sums of the stored lines. A
// property test over random budgets, on both databases (the api and api-pg projects run this file): budgets of 0 to
// 60 lines with random types, groups and amounts up to 10^15 (so that sums pass 2^53, where adding numbers rounds),
// created and then replaced; the stored lines, read back, are summed here in BigInt and compared with what the public
// API gives. The generator is seeded, so a failure names its budget and can be run again. Years 2040 to 2089.

/** A small linear congruential generator: the same budgets every run. */
function random(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return Math.floor((state / 2 ** 31) * below)
  }
}

const TYPES = ['pendapatan', 'belanja', 'penerimaan_pembiayaan', 'pengeluaran_pembiayaan']
const GROUPS = ['Pendapatan Transfer', 'Pembangunan', '', 'Bidang "Khusus", Desa', 'Pembangunan ']
const SCALES = [10, 1_000, 1_000_000, 1_000_000_000, 1_000_000_000_000_000]

function randomLines(next: (below: number) => number) {
  return Array.from({ length: next(61) }, (_, index) => {
    const scale = SCALES[next(SCALES.length)]
    const amount = Math.min(scale, Math.floor((next(2 ** 31) / 2 ** 31) * scale) + next(1000))
    return {
      type: TYPES[next(TYPES.length)],
      group: GROUPS[next(GROUPS.length)],
      name: `Uraian ${index + 1}`,
      amount,
      realized: next(3) === 0 ? 0 : Math.min(1_000_000_000_000_000, Math.floor(amount * (next(1200) / 1000))),
    }
  })
}

type Line = { type: string; group: string; name: string; amount: number; realized: number }

/** The figures the contract defines, from the lines, in BigInt, read as numbers at the end (as JSON readers do). */
function expected(lines: Line[]) {
  const sum = (type: string) =>
    lines
      .filter((line) => line.type === type)
      .reduce((total, line) => [total[0] + BigInt(line.amount), total[1] + BigInt(line.realized)], [0n, 0n])
  const [p, b, ip, op] = TYPES.map(sum)
  const minus = (a: bigint[], c: bigint[]) => [a[0] - c[0], a[1] - c[1]]
  const surplus = minus(p, b)
  const netto = minus(ip, op)
  const silpa = [surplus[0] + netto[0], surplus[1] + netto[1]]
  const figure = ([amount, realized]: bigint[]) => ({ amount: Number(amount), realized: Number(realized) })
  const groups = new Map<string, { type: string; group: string; sums: bigint[] }>()
  for (const line of lines) {
    const key = `${line.type}\n${line.group}`
    if (!groups.has(key)) groups.set(key, { type: line.type, group: line.group, sums: [0n, 0n] })
    const entry = groups.get(key)!
    entry.sums = [entry.sums[0] + BigInt(line.amount), entry.sums[1] + BigInt(line.realized)]
  }
  return {
    totals: {
      pendapatan: figure(p),
      belanja: figure(b),
      penerimaan_pembiayaan: figure(ip),
      pengeluaran_pembiayaan: figure(op),
      surplus: figure(surplus),
      pembiayaan_netto: figure(netto),
      silpa: figure(silpa),
    },
    groups: [...groups.values()].map(({ type, group, sums }) => ({ type, group, ...figure(sums) })),
  }
}

let token: string
beforeAll(async () => {
  token = await adminToken()
})

describe('the public figures of a budget', () => {
  it('equal the sums of its stored lines, over random budgets, created and replaced', async () => {
    const next = random(20261127)
    const years = Array.from({ length: 10 }, (_, index) => 2040 + index)
    for (const year of years) {
      const created = expectSuccess(
        await api('POST', '/api/admin/budgets', { token, json: { year, items: randomLines(next) } }),
        201,
      )
      for (const round of [1, 2]) {
        if (round === 2)
          expectSuccess(
            await api('PUT', `/api/admin/budgets/${created.id}`, { token, json: { year, items: randomLines(next) } }),
          )
        const stored: Line[] = expectSuccess(await api('GET', `/api/admin/budgets/${created.id}`, { token })).items
        const published = expectSuccess(await api('GET', `/api/public/budgets/${year}`))
        const want = expected(stored)
        expect(published.items, `${year}, round ${round}`).toEqual(stored)
        expect(published.totals, `${year}, round ${round}`).toEqual(want.totals)
        expect(published.groups, `${year}, round ${round}`).toEqual(want.groups)
      }
    }
  }, 120_000)
})
