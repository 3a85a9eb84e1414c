import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const ROOT = path.resolve(__dirname, '../..')

function files(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : files(relative)
    return /\.(ts|tsx|js|mjs|md)$/.test(entry.name) ? [relative] : []
  })
}

it('links only to decision records and docs that exist', () => {
  const sources = [
    ...files('app'),
    ...files('server'),
    ...files('scripts'),
    ...files('docs'),
    'server.mjs',
    'README.md',
  ]
  const missing = sources.flatMap((file) =>
    [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/docs\/[\w./-]+\.md/g)]
      .map((match) => match[0])
      .filter((link) => !fs.existsSync(path.join(ROOT, link)))
      .map((link) => `${file}: ${link}`),
  )
  expect(missing).toEqual([])
})

it('points to nothing outside the repository (the API contract is docs/api.md)', () => {
  const sources = [
    ...files('app'),
    ...files('server'),
    ...files('scripts'),
    ...files('docs'),
    ...files('tests'),
    ...files('prisma'),
    'server.mjs',
    'README.md',
  ]
  const outside = sources.filter((file) => fs.readFileSync(path.join(ROOT, file), 'utf8').includes('../' + 'shared/'))
  expect(outside).toEqual([])
})

it('names no document that is not in the repository (the API contract is docs/api.md)', () => {
  // Migration files are left as they were applied (their checksums are kept), and are not scanned here.
  const outsideReferences = [
    /\bSPEC\.md\b/i,
    // docs/api.md under another name, or without its folder
    /(?<!docs\/)\bapi\.md\b/i,
    // numbered sections ("2.3", "9") of a specification the repository does not hold
    /\bspec\s+\d/i,
    /\b(?:the|product)\s+spec(?:'s)?\b/i,
  ]
  const sources = [
    ...files('app'),
    ...files('server'),
    ...files('scripts'),
    ...files('docs'),
    ...files('tests'),
    ...files('prisma'),
    'server.mjs',
    'README.md',
  ]
  const found = sources.flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        outsideReferences.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
      ),
  )
  expect(found).toEqual([])
})
