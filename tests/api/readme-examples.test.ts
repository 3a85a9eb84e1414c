import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, startServer, type TestServer } from '../support/server'

/**
 * The README's `curl` examples, run as written (only the port changed) against a fresh install, and each
 * output compared with the `# -> ...` line that follows it (`...` stands for anything).
 */
function examples() {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const block = /## The API[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1]
  if (!block) throw new Error('README has no API examples')
  const steps: { command: string; expected?: string }[] = []
  let command = ''
  for (const line of block.split('\n')) {
    const arrow = /^# -> (.*)$/.exec(line)
    if (arrow && steps.length) steps[steps.length - 1].expected = arrow[1]
    if (line.startsWith('#') || !line.trim()) continue
    command += line.replace(/\\$/, '') + (line.endsWith('\\') ? ' ' : '')
    if (!line.endsWith('\\')) {
      steps.push({ command })
      command = ''
    }
  }
  return steps
}

const pattern = (expected: string) =>
  new RegExp(
    '^' +
      expected
        .split('...')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*') +
      '$',
    's',
  )

describe('README API examples', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer({ env: { CORS_ORIGINS: '*' } })
  })
  afterAll(async () => {
    await server.stop()
    fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('answer what the README says they answer', () => {
    const steps = examples()
    expect(steps.filter((step) => step.command.startsWith('curl')).length).toBeGreaterThanOrEqual(5)
    let script = 'set -e\n'
    const outputs: string[] = []
    for (const [index, step] of steps.entries()) {
      script += `${step.command.replaceAll('localhost:3000', `127.0.0.1:${server.port}`)}\n`
      if (step.command.startsWith('curl')) {
        // One output per example, separated by a marker line.
        script += `echo; echo "@@${index}"\n`
      }
    }
    const out = execFileSync('bash', ['-c', script], { cwd: ROOT, encoding: 'utf8' })
    for (const [index, step] of steps.entries()) {
      if (!step.command.startsWith('curl')) continue
      const marker = out.indexOf(`@@${index}\n`)
      const before = out.slice(0, marker).trimEnd()
      const output = before
        .slice(before.lastIndexOf('@@') === -1 ? 0 : before.indexOf('\n', before.lastIndexOf('@@')) + 1)
        .trim()
      outputs.push(output)
      expect(JSON.parse(output).success, step.command).toBe(true)
      if (step.expected) expect(output, step.command).toMatch(pattern(step.expected))
    }
    // After the logout example, that token is refused.
    expect(outputs.length).toBeGreaterThanOrEqual(5)
  })
})
