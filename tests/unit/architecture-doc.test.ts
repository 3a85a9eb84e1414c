import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

// docs/architecture.md is the project's map: every file it names exists, and every name it places in a file is there
// (a move or a rename that forgets the map fails here).
const ROOT = path.resolve(__dirname, '../..')
const MAP = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8')
const PATH = /^(?:app|core|server|scripts|tests|prisma|docs)\/[\w.$/[\]-]*$|^[\w.-]+\.(?:mjs|js|ts|json)$/
/** `app/utils/foo.server.ts`, `app/components/site/`, `server.mjs`: a path from the root (a folder ends in /). */
const named = [...MAP.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]).filter((text) => PATH.test(text))

it('names only files and folders that exist', () => {
  const missing = [...new Set(named)].filter((file) => !fs.existsSync(path.join(ROOT, file.replace(/\*.*$/, ''))))
  expect(missing).toEqual([])
})

it('places each name where it is: "`name` (`file`)", "`name` in `file`", "`name` of `file`"', () => {
  const placed = [...MAP.matchAll(/`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`,? (?:\(|in |of )`([^`\s]+\.(?:ts|tsx|mjs|js))`/g)]
  expect(placed.length).toBeGreaterThan(20)
  const astray = placed
    .map(([, name, file]) => ({ name, file }))
    .filter(({ name, file }) => {
      const where = path.join(ROOT, file)
      return (
        !fs.existsSync(where) || !new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(fs.readFileSync(where, 'utf8'))
      )
    })
  expect(astray).toEqual([])
})
