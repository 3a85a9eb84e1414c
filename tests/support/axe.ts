import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { ROOT } from './server'

const AXE_SOURCE = fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8')

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] }

/**
 * Runs axe-core (WCAG 2.x A and AA plus best practices) on the page as it is now. The script is
 * evaluated through the DevTools protocol, which the page's CSP does not govern, so the site's
 * policy stays exactly as visitors get it.
 */
export async function axe(page: Page, options: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async (exclude) => {
    const context = exclude.length ? { exclude: exclude.map((selector) => [selector]) } : document
    // @ts-expect-error axe is the global the script above defined
    const result = await window.axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    })
    return result.violations.map(
      (violation: {
        id: string
        impact: string | null
        help: string
        nodes: { target: string[]; failureSummary?: string }[]
      }) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 300)),
      }),
    )
  }, options.exclude ?? [])
}

/** The serious and critical violations only (the bar of issue 8), readable in a failed assertion. */
export async function seriousViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  return (await axe(page, options)).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
}
