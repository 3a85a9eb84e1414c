import type { MetaArgs, MetaFunction } from '@remix-run/node'
import { screenTitle } from '~/lib/site'

/** `{title} - {site name}`: every screen's title ends with the village site name. */
export function titled(title: string | ((args: MetaArgs) => string | undefined)): MetaFunction {
  return (args) => {
    const screen = typeof title === 'string' ? title : title(args)
    return screen === undefined ? [] : [{ title: screenTitle(args.matches, screen) }]
  }
}
