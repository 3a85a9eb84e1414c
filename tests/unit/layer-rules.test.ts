import path from 'node:path'
import { ESLint } from 'eslint'
import { expect, it } from 'vitest'

// eslint.config.js's floor rules hold inside the domain rooms too (decision 072): `~/models/*` and the like must
// match `~/models/content/post.server`, and a file in a room is checked by its layer's rule.
const ROOT = path.resolve(__dirname, '../..')

async function refusals(file: string, code: string) {
  const eslint = new ESLint({ cwd: ROOT })
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) })
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').length
}

it('refuses an import up the floors from a domain room, and allows one down', async () => {
  const up = "import { x } from '~/doors/site/admin.server'\nexport const y = x\n"
  expect(await refusals('app/models/content/probe.server.ts', up)).toBeGreaterThan(0)
  const server = "import { x } from '~/models/content/post.server'\nexport const y = x\n"
  expect(await refusals('app/components/shared/probe.tsx', server)).toBeGreaterThan(0)
  const climb = "import { x } from '../site/crud.server'\nexport const y = x\n"
  expect(await refusals('app/models/content/probe.server.ts', climb)).toBeGreaterThan(0)
  const down = "import { x } from '~/models/site/crud.server'\nexport const y = x\n"
  expect(await refusals('app/doors/content/probe.server.ts', down)).toBe(0)
}, 60_000)
