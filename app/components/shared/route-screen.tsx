import type { SerializeFrom } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { ComponentType } from 'react'

/**
 * A route's screen that takes its loader's data as its props: `export default screen<typeof loader>(AccountScreen)`,
 * so that a thin route module is its `handle`, `meta`, `loader`, `action` and this one line.
 */
export function screen<Loader>(Screen: ComponentType<SerializeFrom<Loader>>) {
  function RouteScreen() {
    return <Screen {...(useLoaderData<Loader>() as SerializeFrom<Loader> & JSX.IntrinsicAttributes)} />
  }
  RouteScreen.displayName = `RouteScreen(${Screen.displayName ?? Screen.name})`
  return RouteScreen
}
