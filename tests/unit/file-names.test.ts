import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { expect, it } from 'vitest'

const ROOT = path.resolve(__dirname, '../..')

// Every module of the project has a name of its own (docs/architecture.md): a search for `uploads` or `session` finds
// one file. Route files are named by their address (Remix's convention), entry.client/entry.server by Remix; tests are
// named after what they test.
it('gives every module of the app, the front, core and the scripts a name no other module has', () => {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'app', 'server', 'core', 'scripts', 'server.mjs'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((file) => /\.(ts|tsx|js|mjs|json)$/.test(file))
    .filter((file) => !file.startsWith('app/routes/') && !file.startsWith('app/generated/'))
    .filter((file) => !/^app\/entry\.(client|server)\.tsx$/.test(file))
  const byName = new Map<string, string[]>()
  for (const file of files) {
    const name = path
      .basename(file)
      .replace(/\.(server|client)?\.?(ts|tsx|js|mjs|json)$/, '')
      .replace(/\.server$/, '')
    byName.set(name, [...(byName.get(name) ?? []), file])
  }
  const shared = [...byName.values()].filter((list) => list.length > 1)
  expect(shared).toEqual([])
})
