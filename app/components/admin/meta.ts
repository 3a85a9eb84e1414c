import type { MetaFunction } from '@remix-run/node'

type RootMatchData = { site?: { name?: string } } | undefined

/** `{title} - {site name}`: every screen's title ends with the village site name. */
export function titled(title: string): MetaFunction {
  return ({ matches }) => {
    const site = (matches.find((match) => match.id === 'root')?.data as RootMatchData)?.site?.name ?? 'Balai Desa'
    return [{ title: `${title} - ${site}` }]
  }
}
