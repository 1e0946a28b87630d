import { createHash, generateKeyPairSync } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Socket } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAppInBrowser } from '../harness/app-under-test'
import { noticesBeyondNavigation } from '../harness/notice-bounds'
import { notePaintedTexts } from '../harness/painted-texts'
import { chooseLanguage, screenLooks } from '../reports/screen-looks'

const suite = useAppInBrowser()
const CONTROL_KEY = 'CK-7f3a9d1e-5b2c-4e8f-a6d0-c4b1e2f3a4b5'

const byTestId = (id: string) => suite.app.page.getByTestId(id)
const field = (name: string) => byTestId(`field-${name}`).locator('input, textarea').first()
const fingerprintOf = (publicKeyPem: string) => {
  const der = Buffer.from(publicKeyPem.replace(/-----[^-]+-----|\s/g, ''), 'base64')
  return createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g)!.join(':')
}

describe('Keys & environments', () => {
  it('lists the built-in Sandbox', async () => {
    await suite.app.page.getByRole('link', { name: 'Keys & environments' }).click()
    await expect.poll(() => byTestId('environment-Sandbox').isVisible()).toBe(true)
  })

  it('explains each wrong field, keeps what was typed, and saves once it is right', async () => {
    await byTestId('add-environment').click()
    await field('name').fill('Live EU')
    await field('baseUrl').fill('http://gate.example.com')
    await field('endpointId').fill('4512')
    await byTestId('save-environment').click()
    const form = byTestId('environment-form')
    await expect
      .poll(() => form.textContent())
      .toContain('Base URL must be a full https:// address')
    await expect.poll(() => form.textContent()).toContain('Merchant login is required')
    expect(await field('name').inputValue()).toBe('Live EU')
    expect(await field('endpointId').inputValue()).toBe('4512')

    await field('baseUrl').fill('https://127.0.0.1:9')
    await field('merchantLogin').fill('shop-eu')
    await byTestId('field-kind').click()
    await suite.app.page.getByText('Production (live payments)').click()
    await byTestId('save-environment').click()
    await expect.poll(() => byTestId('environment-Live EU').isVisible()).toBe(true)
    await expect.poll(() => byTestId('production-banner').isVisible()).toBe(true)
  })

  it('stores the control key write-only: the window shows only that it is there', async () => {
    await byTestId('control-key-input').locator('input').fill(CONTROL_KEY)
    await byTestId('save-control-key').click()
    await expect
      .poll(() => byTestId('control-key-status').textContent())
      .toContain('Stored in the system keyring (Secret Service)')
    // Naive UI writes the emptied value to the input element on its next update.
    await expect.poll(() => byTestId('control-key-input').locator('input').inputValue()).toBe('')
    expect(await suite.app.page.content()).not.toContain(CONTROL_KEY)
  })

  it('generates a key pair with progress, and shows the fingerprint of the key in the keychain', async () => {
    await byTestId('key-size').click()
    await suite.app.page.getByText('2048 bits', { exact: true }).click()
    const progressPainted = await notePaintedTexts(suite.app.page, 'key-progress')
    await byTestId('generate-key').click()
    await expect
      .poll(() => byTestId('fingerprint').textContent(), { timeout: 30_000 })
      .toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
    // A 2048-bit pair can take well under a second: the progress was painted, however briefly.
    expect((await progressPainted()).join(' ')).toContain('Generating a 2048-bit key pair')
    await expect.poll(() => byTestId('rsa-key-status').textContent()).toContain('Private key in')
    expect(await suite.app.page.content()).not.toContain('PRIVATE KEY')
    // Read to support by phone: in groups of four bytes, a line never breaking inside one.
    const groups = byTestId('fingerprint').locator('.group')
    expect(await groups.allTextContents()).toHaveLength(8)
    for (const lines of await groups.evaluateAll((spans) =>
      spans.map((span) => span.getClientRects().length),
    ))
      expect(lines).toBe(1)
    await suite.app.page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await byTestId('copy-fingerprint').click()
    await expect
      .poll(() => suite.app.page.evaluate(() => navigator.clipboard.readText()))
      .toBe(await byTestId('fingerprint').textContent())
    await suite.app.screenshot('keys-production-environment')
  })

  it('cancels a key generation: the process stops, the card says so calmly, the key stays', async () => {
    const before = await byTestId('fingerprint').textContent()
    await byTestId('key-size').click()
    await suite.app.page.getByText('4096 bits (recommended)', { exact: true }).click()
    await suite.app.page.getByRole('button', { name: 'Generate new pair…' }).click()
    await suite.app.page.locator('.n-popconfirm').getByRole('button').last().click()
    const cancel = byTestId('key-progress').getByTestId('step-progress-cancel')
    await expect.poll(() => cancel.isEnabled()).toBe(true)
    expect(await byTestId('key-progress').textContent()).toContain(
      'Generating a 4096-bit key pair…',
    )
    await cancel.click()
    await expect
      .poll(() => byTestId('key-cancelled').textContent())
      .toBe('Key generation cancelled: nothing was saved.')
    expect(await byTestId('key-progress').count()).toBe(0)
    expect(await byTestId('fingerprint').textContent()).toBe(before)
    await screenLooks(suite.app, 'keys-generation-cancelled')
  })

  it('imports a passphrase-protected key after asking for its passphrase', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const file = join(suite.gatedesk.dataDir, 'protected.pem')
    writeFileSync(
      file,
      privateKey.export({
        type: 'pkcs8',
        format: 'pem',
        cipher: 'aes-256-cbc',
        passphrase: 'correct horse',
      }),
    )
    suite.gatedesk.dialogs.nextOpen = file
    await suite.app.page.getByRole('button', { name: 'Import private key…' }).click()
    await expect.poll(() => byTestId('import-passphrase').isVisible()).toBe(true)
    await byTestId('import-passphrase').locator('input').fill('wrong')
    await suite.app.page.getByRole('button', { name: 'Import', exact: true }).click()
    await expect
      .poll(() =>
        suite.app.page
          .getByText(/passphrase/i)
          .first()
          .isVisible(),
      )
      .toBe(true)
    await byTestId('import-passphrase').locator('input').fill('correct horse')
    await suite.app.page.getByRole('button', { name: 'Import', exact: true }).click()
    const expected = fingerprintOf(publicKey.export({ type: 'spki', format: 'pem' }) as string)
    await expect
      .poll(() => byTestId('fingerprint').textContent(), { timeout: 20_000 })
      .toBe(expected)
    // Its notice names the key by the start of its fingerprint, one unbroken word: it wraps
    // inside the navigation's column, never over the screen.
    const notice = suite.app.page
      .locator('.n-message')
      .filter({ hasText: 'Imported the 2048-bit key' })
    await expect.poll(() => notice.isVisible()).toBe(true)
    expect(await noticesBeyondNavigation(suite.app.page)).toEqual([])
  })

  it('backs the private key up only as a passphrase-protected file where the user picks', async () => {
    const file = join(suite.gatedesk.dataDir, 'backup.pem')
    suite.gatedesk.dialogs.nextSave = file
    await suite.app.page.getByRole('button', { name: 'Back up private key…' }).click()
    const inputs = suite.app.page.locator('.n-dialog input[type="password"]')
    await inputs.nth(0).fill('a long backup passphrase')
    await inputs.nth(1).fill('a long backup passphrase')
    await suite.app.page.getByRole('button', { name: 'Choose where to save…' }).click()
    await expect.poll(() => statSync(file, { throwIfNoEntry: false })?.size ?? 0).toBeGreaterThan(0)
    expect(readFileSync(file, 'utf8')).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('asks before the first request to production, and explains an unreachable gateway', async () => {
    await byTestId('check-connection').click()
    await suite.app.page.locator('.n-dialog').getByRole('button', { name: 'Cancel' }).click()
    expect(await byTestId('check-result').count()).toBe(0)

    await byTestId('check-connection').click()
    await suite.app.page.getByRole('button', { name: 'Send to production' }).click()
    await expect
      .poll(() => byTestId('check-result').textContent(), { timeout: 30_000 })
      .toMatch(/127\.0\.0\.1:9/)

    // Confirmed once in this session: the next check goes straight out.
    await byTestId('check-connection').click()
    expect(await suite.app.page.getByRole('button', { name: 'Send to production' }).count()).toBe(0)
  })

  it('says what a connection check is doing, and Cancel ends its connection', async () => {
    // Accepts the connection and never answers TLS: only Cancel (or the 10 s limit) ends the wait.
    const sockets: Socket[] = []
    const closed: Promise<void>[] = []
    const silent = createServer((socket) => {
      sockets.push(socket)
      // Read, or the client's close would never be seen.
      socket.resume()
      closed.push(new Promise((resolve) => socket.once('close', () => resolve())))
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as { port: number }
    try {
      await field('baseUrl').fill(`https://127.0.0.1:${port}`)
      await byTestId('save-environment').click()
      await expect.poll(() => byTestId('check-connection').isEnabled()).toBe(true)
      const checkThenCancel = async (
        progressWords: string,
        cancelledWords: string,
        look: string,
      ) => {
        await byTestId('check-connection').click()
        await expect.poll(() => byTestId('check-progress').textContent()).toContain(progressWords)
        // One look per check: the server's silence ends in 10 s (the connect limit).
        await suite.app.page.mouse.move(1, 1)
        await suite.app.screenshot(look)
        await byTestId('check-progress').getByTestId('step-progress-cancel').click()
        await expect.poll(() => byTestId('check-result').textContent()).toBe(cancelledWords)
        expect(await byTestId('check-progress').count()).toBe(0)
        await closed.at(-1)
      }
      await checkThenCancel(
        `Connecting to 127.0.0.1:${port} over verified TLS…`,
        'Check cancelled: the request was stopped and nothing was kept.',
        'keys-check-connecting',
      )
      expect(sockets).toHaveLength(1)
      await screenLooks(suite.app, 'keys-check-cancelled')

      await suite.app.scheme('dark')
      await chooseLanguage(suite.app, 'Русский')
      await checkThenCancel(
        `Подключение к 127.0.0.1:${port} по TLS с проверкой сертификата…`,
        'Проверка отменена: запрос остановлен, ничего не сохранено.',
        'keys-check-connecting-dark-ru',
      )
      expect(sockets).toHaveLength(2)
      await chooseLanguage(suite.app, 'English')
      await suite.app.scheme('light')
    } finally {
      silent.close()
      for (const socket of sockets) socket.destroy()
    }
  })

  it('ran with no CSP violation and no console error', async () => {
    expect(await suite.app.cspViolations()).toEqual([])
    expect(suite.app.pageErrors).toEqual([])
  })
})
