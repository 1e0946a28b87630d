import { describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'

const suite = useAppInBrowser()

// A demo profile the sandbox seeds (main/sandbox/profiles/demo-seed.ts): SRC, billed in EUR, 49.90 a month.
const PROFILE_ID = '100001'
const CARD_NUMBER = '4111111111111111'
const CVV2 = '9173'
const SSN = '078-05-1120'

const page = () => suite.app.page
const byTestId = (id: string) => page().getByTestId(id)
const field = (name: string) =>
  byTestId(`recurring-field-${name}`).locator('input, textarea').first()
const issue = (name: string) => byTestId(`recurring-issue-${name}`)
const open = (section: string) => page().getByRole('link', { name: section, exact: true }).click()
const profileRow = (id: string) =>
  byTestId('profiles')
    .locator('tbody tr')
    .filter({ has: page().getByRole('cell', { name: id, exact: true }) })

/** The update requests the page has handed to main since recordSends() was called. */
const recordSends = () =>
  page().evaluate(() => {
    const sent: string[] = []
    ;(window as unknown as { __recurringSends: string[] }).__recurringSends = sent
    const send = WebSocket.prototype.send
    WebSocket.prototype.send = function (this: WebSocket, data) {
      if (String(data).includes('"channel":"recurring:send"')) sent.push(String(data))
      return send.call(this, data)
    }
  })
const sends = () =>
  page().evaluate(() => (window as unknown as { __recurringSends: string[] }).__recurringSends)

describe('Recurring', () => {
  it('says where the update goes and that it is signed with the environment’s RSA key', async () => {
    await open('Recurring')
    await expect.poll(() => byTestId('recurring-environment').textContent()).toContain('Sandbox')
    const environment = await byTestId('recurring-environment').textContent()
    expect(environment).toContain('sandbox')
    expect(environment).toContain('RSA-SHA256')
    expect(await byTestId('recurring-send').isEnabled()).toBe(true)
  })

  it('explains a bad amount next to the field as it is typed, and keeps what was typed', async () => {
    await field('client-orderid').fill('e2e-update-1')
    await field('amount').fill('12,5')
    await expect
      .poll(() => issue('amount').textContent())
      .toContain('amount has the wrong format: enter a positive amount with a dot')
    expect(await byTestId('recurring-issue-count').textContent()).toBe('1 issue to fix')
    await suite.app.screenshot('recurring-live-validation')
    // The profile ID was not touched yet: no shouting about it before a send is tried.
    expect(await issue('recurring-payment-id').count()).toBe(0)

    await field('amount').fill('12.50')
    await expect.poll(() => issue('amount').count()).toBe(0)
    expect(await field('amount').inputValue()).toBe('12.50')
    expect(await field('client-orderid').inputValue()).toBe('e2e-update-1')
  })

  it('refuses to send with a required field missing, says which, and sends nothing', async () => {
    await recordSends()
    await field('amount').focus()
    await page().keyboard.press('Control+Enter')
    await expect
      .poll(() => issue('recurring-payment-id').textContent())
      .toContain('recurring-payment-id is required')
    // After a refused send the panel says so itself (no toast beside it).
    expect(await byTestId('recurring-issue-count').textContent()).toBe(
      'Nothing was sent: one issue needs fixing first.',
    )
    expect(await byTestId('recurring-outcome').count()).toBe(0)
    expect(await sends()).toEqual([])
    expect(await field('amount').inputValue()).toBe('12.50')
    expect(await field('client-orderid').inputValue()).toBe('e2e-update-1')
  })

  it('sends a valid update to a sandbox profile, which approves it and applies the amount', async () => {
    await field('recurring-payment-id').fill(PROFILE_ID)
    await field('currency').fill('EUR')
    await expect.poll(() => byTestId('recurring-issue-count').textContent()).toBe('Ready to send')
    await byTestId('recurring-send').click()
    await expect
      .poll(() => byTestId('recurring-outcome').textContent(), { timeout: 30_000 })
      .toBe('Approved')
    expect(await byTestId('recurring-serial').textContent()).toMatch(/\S/)
    expect(await byTestId('recurring-history').textContent()).toMatch(/^#\d+$/)
    expect(await sends()).toHaveLength(1)

    await open('Sandbox')
    await expect.poll(() => profileRow(PROFILE_ID).textContent()).toContain('12.50 EUR')
  })

  it('keeps the draft while visiting another section, but never the card number, CVV2 or SSN', async () => {
    await open('Recurring')
    await byTestId('recurring-group-card').locator('summary').click()
    await field('credit-card-number').fill(CARD_NUMBER)
    await field('cvv2').fill(CVV2)
    await byTestId('recurring-group-payer').locator('summary').click()
    await field('ssn').fill(SSN)
    // Something else typed lands in storage: the check below looks at a storage in use.
    await field('client-orderid').fill('e2e-update-1')
    await expect
      .poll(() => page().evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage })))
      .toContain('e2e-update-1')
    const stored = await page().evaluate(() =>
      JSON.stringify({ ...sessionStorage, ...localStorage }),
    )
    expect(stored).not.toContain(CARD_NUMBER)
    expect(stored).not.toContain(CVV2)
    expect(stored).not.toContain(SSN)

    await open('Sandbox')
    await open('Recurring')
    await expect.poll(() => field('client-orderid').inputValue()).toBe('e2e-update-1')
    expect(await field('recurring-payment-id').inputValue()).toBe(PROFILE_ID)
    expect(await field('amount').inputValue()).toBe('12.50')
    expect(await field('currency').inputValue()).toBe('EUR')
    expect(await field('credit-card-number').inputValue()).toBe('')
    expect(await field('cvv2').inputValue()).toBe('')
    expect(await field('ssn').inputValue()).toBe('')
    expect(await byTestId('recurring-outcome').textContent()).toBe('Approved')
    await byTestId('recurring-group-card').scrollIntoViewIfNeeded()
    await suite.app.screenshot('recurring-card-group')
  })

  it('clears the form on request, with an undo', async () => {
    await byTestId('recurring-clear').click()
    // A new form gets an order ID of its own.
    expect(await field('client-orderid').inputValue()).toMatch(/^GD-\d{8}-\d{6}-[0-9A-F]{6}$/)
    expect(await field('amount').inputValue()).toBe('')
    await byTestId('recurring-undo').click()
    expect(await field('client-orderid').inputValue()).toBe('e2e-update-1')
    expect(await field('amount').inputValue()).toBe('12.50')
    await suite.app.screenshot('recurring')
  })

  it('warns when the outcome is unknown, and asks before the same update goes out again', async () => {
    await open('Sandbox')
    await page().locator('[aria-label="Fault"]').click()
    await page().locator('.n-base-select-option', { hasText: 'connection reset' }).click()
    await byTestId('inject-fault').click()
    await expect
      .poll(() => byTestId('pending-faults').textContent())
      .toBe('Staged: connection reset')

    await open('Recurring')
    await byTestId('recurring-send').click()
    await expect
      .poll(() => byTestId('recurring-outcome').textContent(), { timeout: 30_000 })
      .toBe('Outcome unknown')
    expect(await byTestId('recurring-uncertain').textContent()).toContain(
      'Do not send it again blindly',
    )
    await suite.app.screenshot('recurring-unknown')
    const unknownEntry = await byTestId('recurring-history').textContent()

    // Main holds the same update back after an uncertain outcome until the user confirms.
    await byTestId('recurring-send').click()
    const dialog = page().locator('.n-dialog')
    await expect.poll(() => dialog.textContent()).toContain('Send the same update again?')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await byTestId('recurring-outcome').textContent()).toBe('Outcome unknown')
    expect(await byTestId('recurring-history').textContent()).toBe(unknownEntry)
    const confirmed = async () =>
      (await sends()).filter((sent) => sent.includes('"confirmedResend":true'))
    expect(await confirmed()).toHaveLength(0)

    // Esc answers the question too: nothing goes out, and Send works again.
    await byTestId('recurring-send').click()
    await expect.poll(() => dialog.textContent()).toContain('Send the same update again?')
    await page().keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => byTestId('recurring-send').isEnabled()).toBe(true)
    expect(await byTestId('recurring-history').textContent()).toBe(unknownEntry)
    expect(await confirmed()).toHaveLength(0)

    await byTestId('recurring-send').click()
    await dialog.getByRole('button', { name: 'Send again' }).click()
    await expect
      .poll(() => byTestId('recurring-outcome').textContent(), { timeout: 30_000 })
      .toBe('Approved')
    expect(await confirmed()).toHaveLength(1)
    expect(await byTestId('recurring-history').textContent()).not.toBe(unknownEntry)
  })

  it('forgets the card once the gateway approves it, also in the undo of a later clear', async () => {
    if (!(await field('credit-card-number').isVisible())) {
      await byTestId('recurring-group-card').locator('summary').click()
    }
    await field('credit-card-number').fill(CARD_NUMBER)
    await field('card-printed-name').fill('ANNA ONEIL')
    await field('expire-year').fill('2030')
    await field('expire-month').fill('12')
    await field('cvv2').fill(CVV2)
    await expect.poll(() => byTestId('recurring-issue-count').textContent()).toBe('Ready to send')
    const previous = await byTestId('recurring-history').textContent()
    await byTestId('recurring-send').click()
    await expect
      .poll(() => byTestId('recurring-history').textContent(), { timeout: 30_000 })
      .not.toBe(previous)
    expect(await byTestId('recurring-outcome').textContent()).toBe('Approved')
    // Still on the screen: only the approval cleared the card (leaving the screen clears it too).
    for (const name of ['credit-card-number', 'cvv2', 'card-printed-name', 'expire-year']) {
      expect(await field(name).inputValue(), name).toBe('')
    }
    expect(await byTestId('recurring-issue-count').textContent()).toBe('Ready to send')
    await byTestId('recurring-clear').click()
    await byTestId('recurring-undo').click()
    expect(await field('client-orderid').inputValue()).toBe('e2e-update-1')
    expect(await field('credit-card-number').inputValue()).toBe('')
    expect(await field('cvv2').inputValue()).toBe('')
  })

  it('ran with no CSP violation and no console error', async () => {
    expect(await suite.app.cspViolations()).toEqual([])
    expect(suite.app.pageErrors).toEqual([])
  })
})
