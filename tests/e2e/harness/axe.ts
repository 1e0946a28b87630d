import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

/** What WCAG 2.1 AA asks, as axe-core tags its rules. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export interface AxeViolation {
  id: string
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null
  help: string
  /** Each failing element: its selector and axe's summary of what to fix. */
  nodes: { target: string; summary: string }[]
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/**
 * Runs axe-core on the page as it is now (WCAG 2.0/2.1 A and AA) and returns its violations.
 * Evaluated through the debugger protocol, so the page's Content Security Policy does not block it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(axeSource)
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: AxeApi }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } })
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        summary: node.failureSummary ?? '',
      })),
    }))
  }, WCAG_21_AA)
}

/** The violations that fail a screen: critical and serious ones. */
export const blocking = (violations: AxeViolation[]) =>
  violations.filter(
    (violation) => violation.impact === 'critical' || violation.impact === 'serious',
  )

/** One line a violation, with the first elements it names: for a failure message or a log. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.impact} ${violation.id} (${violation.nodes.length}): ${violation.help}\n` +
        violation.nodes
          .slice(0, 4)
          .map((node) => `    ${node.target}: ${node.summary.replace(/\s+/g, ' ')}`)
          .join('\n'),
    )
    .join('\n')
}

interface AxeApi {
  run: (
    context: Document,
    options: { runOnly: { type: 'tag'; values: string[] } },
  ) => Promise<{
    violations: {
      id: string
      impact?: AxeViolation['impact']
      help: string
      nodes: { target: string[]; failureSummary?: string }[]
    }[]
  }>
}
