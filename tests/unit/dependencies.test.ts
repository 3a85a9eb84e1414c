import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

// docs/decisions/020-dependencies.md: every listed dependency is used, and its table says by what.
const ROOT = path.resolve(__dirname, '../..')
const SKIPPED = new Set([
  'node_modules',
  'build',
  'generated',
  'data',
  'uploads',
  'coverage',
  'test-results',
  'backups',
])

/** The repository's code and configuration files (what could import a package). */
function codeFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name) || /^build-/.test(entry.name)) return []
    const relative = path.join(dir, entry.name)
    if (entry.isDirectory()) return codeFiles(relative)
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [relative] : []
  })
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** `from 'name'`, `from 'name/sub'`, `import('name')`, `require('name')`, `import 'name'`. */
const importOf = (name: string) =>
  new RegExp(
    `(?:\\bfrom\\s*|\\bimport\\s*\\(\\s*|\\brequire\\s*\\(\\s*|\\bimport\\s+)(['"])${escape(name)}(?:/[^'"]*)?\\1`,
  )

/** The packages named in backticks in the first column of the table under `heading` in decision 020. */
function tablePackages(heading: string): string[] {
  const decision = fs.readFileSync(path.join(ROOT, 'docs/decisions/020-dependencies.md'), 'utf8')
  const start = decision.indexOf(heading)
  expect(start, heading).toBeGreaterThan(-1)
  const lines = decision.slice(start).split('\n')
  const first = lines.findIndex((line) => line.startsWith('|'))
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'))
  // Without the header row and the separator below it.
  return lines
    .slice(first + 2, end === -1 ? undefined : end)
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([^`]+)`/g)].map((match) => match[1]))
}

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
const listed = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).sort()
const imported = tablePackages('### Imported by the code')
const tools = tablePackages('### Used without an import')

it('names every dependency of package.json once in decision 020, and nothing that is not listed', () => {
  expect([...imported, ...tools].sort()).toEqual(listed)
})

it('finds an import of every package the decision says the code imports', () => {
  const sources = codeFiles().map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8'))
  const unused = imported.filter((name) => !sources.some((source) => importOf(name).test(source)))
  expect(unused).toEqual([])
})

/** Whether a package brings its own TypeScript declarations (then its `@types/` package is never read). */
function shipsTypes(name: string) {
  const dir = path.join(ROOT, 'node_modules', name)
  const own = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))
  if (own.types || own.typings) return true
  const main = own.exports?.['.'] ?? own.exports ?? own.main ?? 'index.js'
  const entries = (
    typeof main === 'string' ? [main] : Object.values(main).filter((entry) => typeof entry === 'string')
  ) as string[]
  return [...entries, 'index.js'].some((entry) => fs.existsSync(path.join(dir, entry.replace(/\.[cm]?js$/, '.d.ts'))))
}

it('keeps a type package only for a listed package that ships no types of its own, or Node itself', () => {
  const orphans = tools
    .filter((name) => name.startsWith('@types/') && name !== '@types/node')
    .filter((name) => !listed.includes(name.slice('@types/'.length)) || shipsTypes(name.slice('@types/'.length)))
  expect(orphans).toEqual([])
})
