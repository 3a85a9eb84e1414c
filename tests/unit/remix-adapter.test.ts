import fs from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import {
  compileRouterWithKeptMatching,
  FITTED_VERSIONS,
  DATA_ROUTES_CALL,
  installedVersion,
  keepDataRouteTree,
  keepServerRouteTree,
  memoiseRouteMatching,
  RemixAdapterMisfit,
} from '../../server/remix-adapter.mjs'

// server/remix-adapter.mjs edits Remix, React Router and Node's HTTP server (decisions 068 to 070). An upgrade must
// not turn an edit off in silence: the server refuses to start (installRemixAdapter throws) when an installed version
// is not the fitted one, or when the source or the module an edit reaches is not what the edit was made for. Proved
// here on copies: the router's source text changed where each edit goes, modules without what the edits replace.
const require = createRequire(import.meta.url)
const routerSource = fs.readFileSync(require.resolve('@remix-run/router'), 'utf8')
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'))

describe('the Remix adapter', () => {
  it('is fitted to the installed versions, which package.json pins exactly', () => {
    for (const [name, version] of Object.entries(FITTED_VERSIONS)) {
      expect(installedVersion(name), name).toBe(version)
      expect(pkg.dependencies[name] ?? pkg.devDependencies[name], name).toBe(version)
    }
    expect(pkg.devDependencies['@remix-run/dev']).toBe(FITTED_VERSIONS['@remix-run/react'])
    expect(pkg.dependencies['@remix-run/express']).toBe(FITTED_VERSIONS['@remix-run/react'])
  })

  it('compiles the installed router with its edits', () => {
    const compiled = compileRouterWithKeptMatching(routerSource)
    expect(compiled.exports.keptMatching).toBe(true)
    expect(typeof compiled.exports.keepMatchRoutes).toBe('function')
  })

  it.each([
    [
      'matchRoutesImpl',
      'function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n',
      'function x() {\n',
    ],
    ['the ranked branches', '  let branches = flattenRoutes(routes);\n', '  let branches = flatten(routes);\n'],
    ['compilePath', 'function compilePath(path, caseSensitive, end) {\n', 'function compilePath(path, options) {\n'],
    ['the decoded path (decision 089)', '  let decoded = decodePath(pathname);\n', '  let decoded = pathname;\n'],
    [
      'the branch loop (decision 089)',
      '    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n',
      '    matches = matchBranch(branches[i], decoded, allowPartial);\n',
    ],
  ])('refuses a router whose %s changed', (_what, from, to) => {
    expect(routerSource).toContain(from)
    const changed = routerSource.replace(from, to)
    expect(() => compileRouterWithKeptMatching(changed)).toThrow(RemixAdapterMisfit)
    expect(() => compileRouterWithKeptMatching(changed)).toThrow(/no longer fits @remix-run\/router/)
  })

  it('refuses a router without matchRoutes and a routes module without createServerRoutes of four arguments', () => {
    expect(() => memoiseRouteMatching({ parsePath: () => ({}) })).toThrow(RemixAdapterMisfit)
    expect(() => keepServerRouteTree({})).toThrow(RemixAdapterMisfit)
    expect(() => keepServerRouteTree({ createServerRoutes: (manifest: unknown) => manifest })).toThrow(
      RemixAdapterMisfit,
    )
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const routes = { createServerRoutes: (_m: unknown, _r: unknown, _f: unknown, _s: unknown) => [] }
    expect(keepServerRouteTree(routes)).toBe(routes.createServerRoutes)
  })

  it('refuses a router without convertRoutesToDataRoutes and a react-router-dom that no longer calls it so', () => {
    const staticRouter = fs.readFileSync(require.resolve('react-router-dom/server'), 'utf8')
    expect(staticRouter).toContain(DATA_ROUTES_CALL)
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const convert = (_r: unknown, _m: unknown, _p: unknown, _i: unknown) => []
    expect(() => keepDataRouteTree({}, staticRouter)).toThrow(RemixAdapterMisfit)
    expect(() => keepDataRouteTree({ UNSAFE_convertRoutesToDataRoutes: (r: unknown) => r }, staticRouter)).toThrow(
      RemixAdapterMisfit,
    )
    const changed = staticRouter.replace(DATA_ROUTES_CALL, 'convertRoutesToDataRoutes(routes)')
    expect(() => keepDataRouteTree({ UNSAFE_convertRoutesToDataRoutes: convert }, changed)).toThrow(
      /no longer fits react-router-dom/,
    )
  })
})
