import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { servedOverHttps } from '../../core/front-headers.mjs'

const ROOT = path.resolve(__dirname, '../..')

describe('servedOverHttps', () => {
  const request = (proto?: string) => ({ headers: proto === undefined ? {} : { 'x-forwarded-proto': proto } })

  it('is always true when the site address is https://, whatever the request says', () => {
    const https = servedOverHttps({ siteUrl: 'https://sukamaju.desa.id', trustProxy: 0 })
    expect([request(), request('http'), request('https')].map(https)).toEqual([true, true, true])
  })

  it('believes X-Forwarded-Proto only from a trusted proxy, reading its first value as Express does', () => {
    const direct = servedOverHttps({ siteUrl: '', trustProxy: 0 })
    expect(direct(request('https'))).toBe(false)
    const proxied = servedOverHttps({ siteUrl: 'http://192.168.1.10:3000', trustProxy: 1 })
    expect(
      [
        request(),
        request('http'),
        request('https'),
        request('HTTPS'),
        request('https, http'),
        request('http, https'),
      ].map(proxied),
    ).toEqual([false, false, true, true, true, false])
  })
})

describe('the log (core/log.mjs)', () => {
  const run = (code: string, env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--input-type=module', '-e', `import { log } from './core/log.mjs'\n${code}`], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
      encoding: 'utf8',
    })

  it('writes an error as one JSON line with its level, time, type, message and stack', () => {
    const result = run(
      "log.error({ event: 'api-error', err: new TypeError('boom'), path: '/api/x' }, 'unexpected error')",
    )
    const lines = result.stdout.trim().split('\n')
    expect(lines).toHaveLength(1)
    const line = JSON.parse(lines[0])
    expect(line).toMatchObject({
      level: 'error',
      event: 'api-error',
      path: '/api/x',
      msg: 'unexpected error',
      err: { type: 'TypeError', message: 'boom' },
    })
    expect(Date.parse(line.t)).toBeGreaterThan(0)
    expect(line.err.stack).toMatch(/^TypeError: boom\n\s+at /)
  })

  it('leaves out what is below LOG_LEVEL', () => {
    const result = run("log.info({ event: 'a' }); log.warn({ event: 'b' })", { LOG_LEVEL: 'warn' })
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).event),
    ).toEqual(['b'])
  })
})

describe('npm start (scripts/start.mjs)', () => {
  it('refuses a bad value at once, naming it, before it migrates or builds anything', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-desa-start-'))
    try {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        DATABASE_URL: `file:${path.join(dir, 'data', 'village.db')}`,
        UPLOADS_DIR: path.join(dir, 'uploads'),
        // A build would go here: the sources are always newer than a build that is not there.
        BUILD_DIR: path.join(dir, 'build'),
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
        TRUST_PROXY: 'yes',
      }
      const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        timeout: 120_000,
      })
      expect(result.status, result.stdout + result.stderr).toBe(1)
      const lines = result.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line))
      expect(lines).toEqual([
        expect.objectContaining({
          level: 'fatal',
          event: 'config',
          msg: expect.stringMatching(/^Invalid configuration: TRUST_PROXY must be the number of reverse proxies/),
        }),
      ])
      expect(fs.readdirSync(dir)).toEqual([])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('REGENCY_HOST (many villages in one install, decision 055)', () => {
  const check = async (values: Record<string, string>) => {
    const { checkEnv } = await import('#core/env.mjs')
    return () => checkEnv({ NODE_ENV: 'production', DATABASE_URL: 'file:./data/x.db', ...values })
  }

  it('takes a host name without a port, in lower case, and refuses anything else naming it', async () => {
    expect((await check({ REGENCY_HOST: 'Kab.Example.ID.' }))().value.REGENCY_HOST).toBe('kab.example.id')
    expect((await check({}))().value.REGENCY_HOST).toBe('')
    // On one's own computer: the regency at localhost, each village at {slug}.localhost.
    expect((await check({ REGENCY_HOST: 'localhost' }))().value.REGENCY_HOST).toBe('localhost')
    for (const bad of ['kab.example.id:8080', 'http://kab.example.id', 'kab example', '-kab.id', '10.0.0.1'])
      expect(await check({ REGENCY_HOST: bad }), bad).toThrow(
        /^Invalid configuration: REGENCY_HOST must be a host name/,
      )
  })

  it('takes SQLite (a file per village) or PostgreSQL (a schema per village), uploads in a folder or a bucket', async () => {
    const postgres = { REGENCY_HOST: 'kab.example.id', DATABASE_URL: 'postgresql://u:p@db:5432/balai' }
    expect((await check(postgres))().value.REGENCY_HOST).toBe('kab.example.id')
    const s3 = { REGENCY_HOST: 'kab.example.id', STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://s3:9000' }
    expect((await check(s3))().storage).toMatchObject({ kind: 's3', bucket: 'b' })
  })
})

describe('the configuration documents', () => {
  it('name every variable the server reads, in the README table and in .env.example', async () => {
    const { ENV_NAMES } = await import('~/utils/config.server')
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
    const table = /## Configuration([\s\S]*?)\n## /.exec(readme)![1]
    const example = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8')
    expect(ENV_NAMES.length).toBeGreaterThan(15)
    for (const name of ENV_NAMES) {
      expect(table, name).toMatch(new RegExp(`^\\|.*\`${name}\``, 'm'))
      expect(example, name).toMatch(new RegExp(`^(# )?${name}=`, 'm'))
    }
  })
})

describe('the Docker image (Dockerfile)', () => {
  /** What the run stage copies from the build stage, as repository paths. */
  function runStageFiles() {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ')
    const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
    return [...runStage.matchAll(/^COPY --from=build (.+) \S+$/gm)].flatMap((match) =>
      match[1]
        .trim()
        .split(/\s+/)
        .map((source) => path.relative('/app', source)),
    )
  }

  it('runs migrations then the server, and its run stage holds every file they and the operator scripts import', () => {
    const copied = runStageFiles()
    const inImage = (file: string) => copied.some((entry) => file === entry || file.startsWith(`${entry}/`))
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
    expect(dockerfile).toContain('CMD ["sh", "-c", "node scripts/migrate.mjs && exec node server.mjs"]')
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      expect(inImage(file), `${file} is imported but not in the run stage`).toBe(true)
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8')
      for (const [, target] of source.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g))
        visit(path.relative(ROOT, path.resolve(ROOT, path.dirname(file), target)))
    }
    for (const entry of [
      'server.mjs',
      'scripts/migrate.mjs',
      'scripts/backup.mjs',
      'scripts/restore.mjs',
      'scripts/migrate-data.mjs',
      'scripts/reset-password.mjs',
      'scripts/scan.mjs',
    ])
      visit(entry)
    expect(seen.size).toBeGreaterThan(10)
    // The package scripts the README tells an operator to run inside the container point at files it has.
    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts
    for (const name of ['backup', 'restore', 'db:migrate', 'migrate-data', 'reset-password', 'scan'])
      expect(inImage(/node (\S+)/.exec(scripts[name])![1]), name).toBe(true)
  })

  it('never sends the data, uploads, backups, dependencies or secrets into the build', () => {
    const ignored = fs
      .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
    for (const entry of ['data', 'uploads', 'backups', 'node_modules', '.env', 'build'])
      expect(ignored, entry).toContain(entry)
  })
})
