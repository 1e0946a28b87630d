import { existsSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { en } from '../../../preload/contract/locales/en'
import { ru } from '../../../preload/contract/locales/ru'
import { startAppUnderTest, type AppUnderTest } from '../harness/app-under-test'
import { launchChromium, openApp, type AppPage } from '../harness/browser'

type Tree = { [key: string]: string | Tree }
const texts = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)))

/** English sentences of the Recurring screen that Russian words differently (data excluded). */
const russianTexts = new Set(texts(ru.recurring as Tree))
const englishOnly = texts(en.recurring as Tree).filter(
  (text) => text.includes(' ') && !/[{|]/.test(text) && !russianTexts.has(text),
)

let gatedesk: AppUnderTest
let browser: Browser
let app: AppPage
beforeAll(async () => {
  if (!existsSync('out/renderer/index.html')) {
    throw new Error('The renderer is not built: run "npm run build" (npm run test:e2e does it).')
  }
  gatedesk = await startAppUnderTest()
  browser = await launchChromium()
  // The smallest window GateDesk supports, where Russian's longer words must still fit.
  app = await openApp(browser, gatedesk.harness, {
    viewport: { width: 1024, height: 700 },
    locale: 'ru-RU',
  })
})
afterAll(async () => {
  await browser?.close()
  await gatedesk?.close()
})

const page = () => app.page
const byTestId = (id: string) => page().getByTestId(id)
const field = (name: string) =>
  byTestId(`recurring-field-${name}`).locator('input, textarea').first()
const issue = (name: string) => byTestId(`recurring-issue-${name}`)

async function openGroup(key: string) {
  const group = byTestId(`recurring-group-${key}`)
  if (!(await group.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await group.locator('summary').click()
  }
}

/** Controls of the screen whose text is cut off or that stick out of the screen sideways. */
const overflowing = () =>
  page().evaluate(() => {
    const screen = document.querySelector('.recurring')!
    const right = screen.getBoundingClientRect().right
    return [...screen.querySelectorAll<HTMLElement>('.n-button, .n-tag, summary, label')]
      .filter((element) => element.offsetParent !== null)
      .filter(
        (element) =>
          element.scrollWidth > element.clientWidth + 1 ||
          element.getBoundingClientRect().right > right + 1,
      )
      .map((element) => element.textContent?.trim() ?? element.className)
  })

describe('The Recurring screen in Russian', () => {
  it('shows Russian labels, validation messages and schedule, fitting a 1024×700 window', async () => {
    await page().getByRole('link', { name: ru.shell.sections.recurring.title, exact: true }).click()
    await expect
      .poll(() => byTestId('recurring-environment').textContent())
      .toContain(ru.recurring.environment.title)
    const form = byTestId('recurring-form')
    expect(await form.textContent()).toContain(ru.recurring.fields['client-orderid'].label)
    expect(await byTestId('recurring-group-amount').locator('summary').textContent()).toContain(
      ru.recurring.groups.amount.title,
    )
    expect(await byTestId('recurring-send').textContent()).toBe(ru.recurring.send.button)
    // The spec's parameter names stay as the spec writes them, beside the Russian label.
    expect(await byTestId('recurring-group-amount').textContent()).toContain('amount-sequence')
    // In code font, apart from the Russian words around them (no backquote shown).
    const names = byTestId('recurring-group-amount').locator('.description code')
    expect(await names.allTextContents()).toEqual([
      'amount',
      'amount-from',
      'amount-to',
      'amount-sequence',
    ])
    expect(await byTestId('recurring-group-amount').textContent()).not.toContain('`')

    // Main's validation rules, worded in Russian, with Russian plurals in the counts.
    await field('amount').fill('12,50')
    await expect
      .poll(() => issue('amount').textContent())
      .toBe(
        'amount в неверном формате. Ожидается: положительная сумма с точкой и не более чем 2 знаками после неё, например 49.90',
      )
    expect(await byTestId('recurring-issue-count').textContent()).toBe('Исправьте 1 ошибку')
    // The list under the form names the field by its label first, the spec name in code font.
    const listed = byTestId('recurring-issue-list').locator('li')
    expect(await listed.allTextContents()).toEqual([
      'Сумма: amount в неверном формате. Ожидается: положительная сумма с точкой и не более чем 2 знаками после неё, например 49.90',
    ])
    expect(await listed.locator('code').allTextContents()).toEqual(['amount'])
    expect(await byTestId('recurring-group-amount').locator('summary').textContent()).toContain(
      '1 ошибка',
    )
    await openGroup('schedule')
    // Period is a select of the spec's values, each named in the window's language.
    await byTestId('recurring-field-period').click()
    await page().locator('.n-base-select-option').filter({ hasText: '(week)' }).click()
    await field('interval').fill('0')
    await expect
      .poll(() => byTestId('recurring-issue-count').textContent())
      .toBe('Исправьте 2 ошибки')
    expect(await issue('interval').textContent()).toBe(
      'interval вне допустимого диапазона. Ожидается: целое число от 1 до 999',
    )
    await app.screenshot('recurring-ru-issues')
    await field('amount').fill('12.50')

    // The schedule preview reads as a Russian sentence.
    await field('interval').fill('2')
    await field('start-date').fill('01.12.2030')
    await field('finish-date').fill('01.06.2031')
    await field('max-repeats-number').fill('12')
    await expect
      .poll(() => byTestId('recurring-schedule-sentence').textContent())
      .toBe(
        'Каждые 2 недели с 01.12.2030 по 01.06.2031, не более 12 списаний; ближайшие списания: 01.12.2030, 15.12.2030, 29.12.2030, 12.01.2031, 26.01.2031 …',
      )
    expect(await byTestId('recurring-stop-rule-stops-at-finish').textContent()).toContain(
      'После 01.06.2031 списаний не будет',
    )

    // No English left on the screen, and nothing cut off or sticking out.
    const shown = await page().locator('main').innerText()
    expect(englishOnly.filter((text) => shown.includes(text))).toEqual([])
    expect(await overflowing()).toEqual([])
    await byTestId('recurring-stop-schedule').scrollIntoViewIfNeeded()
    await app.screenshot('recurring-ru-schedule')

    await byTestId('recurring-preview').click()
    await expect
      .poll(() => byTestId('recurring-request-preview').textContent())
      .toContain(ru.recurring.preview.body)
    await app.screenshot('recurring-ru-request-preview')
    expect(app.pageErrors).toEqual([])
  })
})
