import { describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'

const suite = useAppInBrowser()

// A demo profile the sandbox seeds (main/sandbox/profiles/demo-seed.ts): SRC, billed in EUR.
const PROFILE_ID = '100001'
const CARD_NUMBER = '4111111111111111'
const CVV2 = '9173'
const SSN = '078-05-1120'
const GENERATED_ORDER_ID = /^GD-\d{8}-\d{6}-[0-9A-F]{6}$/

const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const field = (name: string) =>
  byTestId(`recurring-field-${name}`).locator('input, textarea').first()
const issue = (name: string) => byTestId(`recurring-issue-${name}`)
const open = (section: string) => page().getByRole('link', { name: section, exact: true }).click()
const dialog = () => page().locator('.n-dialog')
const outcome = () => byTestId('recurring-outcome').textContent()

/** Opens a group of the form (a <details>) unless it is open already. */
async function openGroup(key: string) {
  const group = byTestId(`recurring-group-${key}`)
  if (!(await group.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await group.locator('summary').click()
  }
}

/** Today as the spec writes dates, DD.MM.YYYY, on this machine's calendar. */
const todayDotted = () => {
  const now = new Date()
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${pad(now.getDate())}.${pad(now.getMonth() + 1)}.${now.getFullYear()}`
}

/** Stages a fault of the sandbox by its label on the Sandbox screen. */
async function stageFault(label: string) {
  await open('Sandbox')
  await page().locator('[aria-label="Fault"]').click()
  await page().locator('.n-base-select-option', { hasText: label }).click()
  await byTestId('inject-fault').click()
  await expect.poll(() => byTestId('pending-faults').textContent()).toBe(`Staged: ${label}`)
  await open('Recurring')
}

async function sendAndWait(expected: string) {
  await byTestId('recurring-send').click()
  await expect.poll(outcome, { timeout: 30_000 }).toBe(expected)
}

describe('The Recurring editor', () => {
  it('starts with an order ID of its own, new for every new form and editable', async () => {
    await open('Recurring')
    await expect.poll(() => byTestId('recurring-environment').textContent()).toContain('Sandbox')
    const first = await field('client-orderid').inputValue()
    expect(first).toMatch(GENERATED_ORDER_ID)
    await byTestId('recurring-clear').click()
    const second = await field('client-orderid').inputValue()
    expect(second).toMatch(GENERATED_ORDER_ID)
    expect(second).not.toBe(first)
    await field('client-orderid').fill('my-order-7')
    expect(await field('client-orderid').inputValue()).toBe('my-order-7')
  })

  it('never alters what was typed: it keeps the value and shows the rule it breaks', async () => {
    const longUrl = `https://example.com/${'a'.repeat(1108 - 20)}`
    await field('amount').fill('1234567890.50')
    await openGroup('payer')
    await field('country').fill('USA')
    await openGroup('other')
    await field('notify_url').fill(longUrl)

    expect(await field('amount').inputValue()).toBe('1234567890.50')
    expect(await field('country').inputValue()).toBe('USA')
    expect(await field('notify_url').inputValue()).toBe(longUrl)
    expect(await issue('amount').textContent()).toContain(
      'amount is 13 characters long, more than its maximum of 10',
    )
    expect(await issue('country').textContent()).toBe(
      'country is 3 characters long, more than its maximum of 2: enter a two-letter ISO 3166 country code such as US',
    )
    expect(await issue('notify_url').textContent()).toContain(
      'notify_url is 1108 characters long, more than its maximum of 1024',
    )
    expect(await byTestId('recurring-issue-count').textContent()).toBe('3 issues to fix')
    // One line at a time under a field: the problem replaces the format hint...
    const help = (name: string) =>
      page()
        .locator('.control', { has: byTestId(`recurring-field-${name}`) })
        .locator('.help')
    expect(await help('amount').textContent()).toBe('')
    expect(await help('currency').textContent()).toContain('Format:')
    // ...and the spec's rule is behind "?".
    await byTestId('recurring-rule-amount').click()
    await expect.poll(() => page().locator('.n-popover').last().textContent()).toContain('amount:')
    await page().keyboard.press('Escape')
    await byTestId('recurring-group-amount').scrollIntoViewIfNeeded()
    await suite.app.screenshot('recurring-typed-input-kept')

    await field('amount').fill('99999999.99')
    expect(await field('amount').inputValue()).toBe('99999999.99')
    expect(await issue('amount').textContent()).toContain('11 characters long')
  })

  it('marks both notify_url and server_callback_url when both are given', async () => {
    await field('notify_url').fill('https://example.com/notify')
    await field('server_callback_url').fill('https://example.com/callback')
    const conflict = 'notify_url and server_callback_url cannot both be given'
    await expect.poll(() => issue('notify_url').textContent()).toContain(conflict)
    expect(await issue('server_callback_url').textContent()).toContain(conflict)
    await suite.app.screenshot('recurring-callback-conflict')
    await field('server_callback_url').fill('')
    await expect.poll(() => issue('notify_url').count()).toBe(0)
    expect(await issue('server_callback_url').count()).toBe(0)
  })

  it('cleans a card number pasted with spaces, and refuses an expiry in the past', async () => {
    await openGroup('card')
    const input = field('credit-card-number')
    await input.focus()
    await input.evaluate((element) => {
      const data = new DataTransfer()
      data.setData('text/plain', '4111 1111-1111 1111')
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    })
    await expect.poll(() => input.inputValue()).toBe(CARD_NUMBER)

    await field('card-printed-name').fill('ANNA ONEIL')
    await field('expire-year').fill('2020')
    await field('expire-month').fill('1')
    const expired = 'the card expired at the end of 01/2020'
    await expect.poll(() => issue('expire-year').textContent()).toContain(expired)
    expect(await issue('expire-month').textContent()).toContain(expired)
    await field('expire-year').fill('2030')
    await expect.poll(() => issue('expire-year').count()).toBe(0)
    expect(await issue('expire-month').count()).toBe(0)
  })

  it('says in plain words what the schedule does, and when it stops', async () => {
    await openGroup('schedule')
    // Period is a select of the spec's values, each named in the window's language.
    await byTestId('recurring-field-period').click()
    await page().locator('.n-base-select-option').filter({ hasText: '(week)' }).click()
    await field('interval').fill('2')
    await field('start-date').fill('01.12.2030')
    await field('finish-date').fill('01.06.2031')
    await field('max-repeats-number').fill('12')
    await expect
      .poll(() => byTestId('recurring-schedule-sentence').textContent())
      .toBe(
        'Every 2 weeks from 01.12.2030 until 01.06.2031, at most 12 charges in all; next charges: 01.12.2030, 15.12.2030, 29.12.2030, 12.01.2031, 26.01.2031 …',
      )
    expect(await byTestId('recurring-stop-rule-stops-at-max-repeats').textContent()).toContain(
      'The profile stops when its repeat counter reaches 12',
    )
    expect(await byTestId('recurring-stop-rule-stops-at-finish').textContent()).toContain(
      'No charge after 01.06.2031',
    )
    await byTestId('recurring-schedule-preview').scrollIntoViewIfNeeded()
    await suite.app.screenshot('recurring-schedule-preview')
  })

  it('previews the request as main signs it, card data masked, and copies it', async () => {
    await page().context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await field('client-orderid').fill('e2e-editor-1')
    await field('recurring-payment-id').fill(PROFILE_ID)
    await field('amount').fill('49.90')
    await field('currency').fill('EUR')
    await field('country').fill('')
    await field('notify_url').fill('')
    await field('cvv2').fill(CVV2)
    await expect.poll(() => byTestId('recurring-issue-count').textContent()).toBe('Ready to send')

    await byTestId('recurring-preview').click()
    const body = byTestId('preview-body').locator('textarea')
    await expect.poll(() => body.inputValue()).toContain('client-orderid=e2e-editor-1')
    const bodyText = await body.inputValue()
    expect(bodyText).toContain('credit-card-number=411111%2A%2A%2A%2A%2A%2A1111')
    expect(bodyText).toContain('cvv2=%2A%2A%2A')
    const baseString = await byTestId('preview-base-string').locator('textarea').inputValue()
    expect(baseString).toMatch(/^POST&https%3A%2F%2F/)
    expect(baseString).toContain('credit-card-number%3D411111%252A%252A%252A%252A%252A%252A1111')
    for (const text of [bodyText, baseString]) {
      expect(text).not.toContain(CARD_NUMBER)
      expect(text).not.toContain(CVV2)
    }
    expect(await byTestId('preview-method').locator('textarea').inputValue()).toContain(
      'RSA-SHA256',
    )
    expect(await byTestId('preview-authorization').locator('textarea').inputValue()).toContain(
      'oauth_signature_method="RSA-SHA256"',
    )
    await suite.app.screenshot('recurring-request-preview')
    await byTestId('preview-copy-body').click()
    expect(await page().evaluate(() => navigator.clipboard.readText())).toBe(bodyText)
    await page().keyboard.press('Escape')
    await expect.poll(() => byTestId('recurring-request-preview').count()).toBe(0)
  })

  it('stops an SRC schedule through a guided request that says what it does', async () => {
    expect(await byTestId('recurring-stop-schedule').isDisabled()).toBe(true)
    await byTestId('recurring-profile-type').click()
    await page().locator('.n-base-select-option', { hasText: 'SRC (source)' }).click()
    await byTestId('recurring-stop-schedule').click()
    await expect.poll(() => dialog().textContent()).toContain('Stop the automatic schedule?')
    expect(await dialog().textContent()).toContain('cannot be resumed through the API')
    await suite.app.screenshot('recurring-stop-schedule')
    await dialog().getByRole('button', { name: 'Fill in the stop request' }).click()

    expect(await field('finish-date').inputValue()).toBe(todayDotted())
    for (const name of ['interval', 'start-date', 'max-repeats-number']) {
      expect(await field(name).inputValue(), name).toBe('')
    }
    expect(await byTestId('recurring-field-period').textContent()).toBe('')
    await expect
      .poll(() => byTestId('recurring-stop-rule-stops-now').textContent())
      .toContain('an SRC profile stops as soon as this update is applied')
    await sendAndWait('Approved')

    await open('Sandbox')
    const row = byTestId('profiles')
      .locator('tbody tr')
      .filter({ has: page().getByRole('cell', { name: PROFILE_ID, exact: true }) })
    await expect.poll(() => row.textContent()).toContain('stopped')
    await open('Recurring')
  })

  it('cancels a send in flight; the outcome then says the request may have arrived', async () => {
    await stageFault('delayed answer')
    await field('amount').fill('49.95')
    await byTestId('recurring-send').click()
    await expect.poll(() => byTestId('recurring-cancel-send').isVisible()).toBe(true)
    await suite.app.screenshot('recurring-sending-cancellable')
    await byTestId('recurring-cancel-send').click()
    await expect.poll(outcome, { timeout: 30_000 }).toBe('Outcome unknown')
    expect(await byTestId('recurring-message').textContent()).toMatch(/cancel/i)
    expect(await byTestId('recurring-cancel-send').count()).toBe(0)
  })

  it('shows a gateway validation error at the field it names', async () => {
    await field('currency').fill('USD')
    await sendAndWait('Validation error')
    await expect
      .poll(() => issue('currency').textContent())
      .toContain('The gateway refused it: currency USD differs from the profile')
    await suite.app.screenshot('recurring-gateway-error-at-field')
    await field('currency').fill('EUR')
    await expect.poll(() => issue('currency').count()).toBe(0)
  })

  it('gives the incident ID of a gateway failure a copy button', async () => {
    await stageFault('internal error (HTTP 500)')
    await field('amount').fill('49.97')
    await sendAndWait('Gateway internal failure')
    const incident = await byTestId('recurring-incident').textContent()
    expect(incident).toMatch(/\S/)
    await byTestId('recurring-incident-copy').click()
    await expect
      .poll(() => page().locator('.n-message', { hasText: 'Copied the incident ID' }).count())
      .toBe(1)
    expect(await page().evaluate(() => navigator.clipboard.readText())).toBe(incident)
  })

  it('re-opens a History entry in the editor, asking for the card number and CVV2 again', async () => {
    await open('History')
    const row = page().locator('tr.history-row', { hasText: 'e2e-editor-1' }).last()
    await row.click()
    await byTestId('history-open-in-editor').click()
    await expect
      .poll(() => byTestId('recurring-reopened').textContent())
      .toMatch(
        /^Opened from History entry #\d+, with a new order ID\. GateDesk never keeps them: enter Card number and CVV2 again\.$/,
      )
    expect(await field('client-orderid').inputValue()).toMatch(GENERATED_ORDER_ID)
    expect(await field('recurring-payment-id').inputValue()).toBe(PROFILE_ID)
    expect(await field('finish-date').inputValue()).toBe(todayDotted())
    expect(await field('card-printed-name').inputValue()).toBe('ANNA ONEIL')
    expect(await field('credit-card-number').inputValue()).toBe('')
    expect(await field('cvv2').inputValue()).toBe('')
    await suite.app.screenshot('recurring-reopened-from-history')
  })

  it('keeps the draft across a restart, but never the card number, CVV2 or SSN', async () => {
    await field('credit-card-number').fill(CARD_NUMBER)
    await field('cvv2').fill(CVV2)
    await openGroup('payer')
    await field('ssn').fill(SSN)
    await field('city').fill('Springfield')
    await expect
      .poll(() => page().evaluate(() => JSON.stringify(localStorage)))
      .toContain('Springfield')

    // A new window of the same profile: what only memory or the session held is gone.
    const restarted = await page().context().newPage()
    try {
      await restarted.goto(page().url())
      await restarted.getByRole('link', { name: 'Recurring', exact: true }).click()
      const again = (name: string) =>
        restarted.getByTestId(`recurring-field-${name}`).locator('input, textarea').first()
      await expect.poll(() => again('recurring-payment-id').inputValue()).toBe(PROFILE_ID)
      expect(await again('finish-date').inputValue()).toBe(todayDotted())
      expect(await again('city').inputValue()).toBe('Springfield')
      expect(await again('credit-card-number').inputValue()).toBe('')
      expect(await again('cvv2').inputValue()).toBe('')
      expect(await again('ssn').inputValue()).toBe('')
      const stored = await restarted.evaluate(() => JSON.stringify(localStorage))
      for (const secret of [CARD_NUMBER, CVV2, SSN]) expect(stored).not.toContain(secret)
    } finally {
      await restarted.close()
    }
  })

  it('ran with no CSP violation and no console error', async () => {
    expect(await suite.app.cspViolations()).toEqual([])
    expect(suite.app.pageErrors).toEqual([])
  })
})
