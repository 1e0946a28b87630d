import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { DATA_DIR_VARIABLE } from '../../../main/platform/db/data-dir'

// The built CLI speaks the terminal's language: Russian when LC_ALL, else LC_MESSAGES, else LANG
// says ru; English otherwise. Its --json stays English, with each message's code and params.
const run = promisify(execFile)
const bin = new URL('../../../bin/gatedesk.js', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-cli-language-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const connection = join(dir, 'connection.json')
writeFileSync(
  connection,
  JSON.stringify({ baseUrl: 'https://127.0.0.1:9/', endpointId: '1', merchantLogin: 'm' }),
)
const plainHttp = join(dir, 'http.json')
writeFileSync(
  plainHttp,
  JSON.stringify({ baseUrl: 'http://127.0.0.1:9/', endpointId: '1', merchantLogin: 'm' }),
)
const overHttp = ['update-recurring', '--connection', plainHttp, '--param', 'amount=1']
const controlKey = join(dir, 'control-key.txt')
writeFileSync(controlKey, 'secret\n')

const RUSSIAN = { LC_ALL: '', LC_MESSAGES: '', LANG: 'ru_RU.UTF-8' }
const ENGLISH = { LC_ALL: '', LC_MESSAGES: '', LANG: 'C' }

/** Runs the real bin (the bundle, rebuilt when a source changed) in a terminal of `locale`. */
async function gatedesk(locale: NodeJS.ProcessEnv, args: string[]) {
  const env = { ...process.env, ...locale, [DATA_DIR_VARIABLE]: join(dir, 'data') }
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

// Sends nothing: recurring-payment-id and amount alone break the rule that client-orderid is required.
const noOrderId = [
  'update-recurring',
  '--connection',
  connection,
  '--param',
  'recurring-payment-id=100001',
  '--param',
  'amount=19.90',
]

const signArgs = [
  'sign',
  '--signature-method',
  'HMAC-SHA1',
  '--url',
  'https://h/p',
  '--consumer-key',
  'm',
  '--control-key-file',
  controlKey,
  '--nonce',
  'n',
  '--timestamp',
  '1',
]

describe('the CLI in a Russian terminal (LANG=ru_RU.UTF-8)', () => {
  it('gives its overview and each command in Russian', async () => {
    const { code, stdout } = await gatedesk(RUSSIAN, ['--help'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Вызов: gatedesk <команда> \[параметры\]\n\nКоманды:\n/)
    expect(stdout).toContain('  sign              показать базовую строку OAuth, подпись')
    const sign = await gatedesk(RUSSIAN, ['sign', '--help'])
    // The synopsis is command syntax; the lines under it stay aligned under the Russian label.
    expect(sign.stdout).toMatch(
      /^Вызов: gatedesk sign --signature-method HMAC-SHA1\|RSA-SHA256 .*\n {20}\(--control-key-file/,
    )
    expect(sign.stdout).toContain('Выводит базовую строку подписи, подпись и заголовок')
  })

  it('says what is wrong with how it was called in Russian, exit code 2', async () => {
    const { code, stderr } = await gatedesk(RUSSIAN, ['sign', '--url', 'https://h/p'])
    expect(code).toBe(2)
    expect(stderr).toBe(
      'gatedesk sign: не указан обязательный параметр --signature-method\nПараметры команды: "gatedesk sign --help".\n',
    )
  })

  it("words main's coded refusal and each broken rule in Russian", async () => {
    const { code, stdout } = await gatedesk(RUSSIAN, noOrderId)
    expect(code).toBe(1)
    expect(stdout).toBe(
      'не отправлено: Ничего не отправлено: 1 поле нарушает правила шлюза. Исправьте и отправьте снова.\n' +
        '  client-orderid: client-orderid обязателен: укажите идентификатор вашего заказа для этого изменения\n',
    )
  })

  it('refuses a connection file in Russian, naming the field as it is spelt', async () => {
    const { code, stderr } = await gatedesk(RUSSIAN, overHttp)
    expect(code).toBe(1)
    expect(stderr).toBe(
      `gatedesk update-recurring: --connection ${plainHttp}: "baseUrl" должен быть адресом https://\n`,
    )
    expect((await gatedesk(ENGLISH, overHttp)).stderr).toBe(
      `gatedesk update-recurring: --connection ${plainHttp}: "baseUrl" must be an https:// URL\n`,
    )
  })

  it('keeps --json English, with the code and params scripts can read', async () => {
    const { stdout } = await gatedesk(RUSSIAN, [...noOrderId, '--json'])
    const printed = JSON.parse(stdout)
    expect(printed).toMatchObject({
      outcome: 'not-sent',
      message: "Nothing was sent: one field breaks the gateway's rules. Correct it and send again.",
      messageCode: 'update.broken-rules',
      params: { n: 1 },
      issues: [
        {
          parameter: 'client-orderid',
          messageCode: 'recurring.required.client-orderid',
          message: 'client-orderid is required: enter your order identifier for this update',
        },
      ],
    })
  })

  it('is bundled with its Russian as UTF-8, not as \\u escapes of twice the size', async () => {
    await gatedesk(RUSSIAN, ['--help']) // rebuilds the bundle when a source changed
    const chunks = new URL('../../../out/cli/chunks/', import.meta.url).pathname
    const bundled = readdirSync(chunks).map((name) => readFileSync(join(chunks, name), 'utf8'))
    expect(bundled.some((chunk) => chunk.includes('Подписанные параметры'))).toBe(true)
  })

  it('labels what a command prints in Russian', async () => {
    const { code, stdout } = await gatedesk(RUSSIAN, signArgs)
    expect(code).toBe(0)
    for (const label of [
      'Подписанные параметры (нормализованные):',
      'Базовая строка подписи:',
      'Подпись (base64):',
      'Заголовок Authorization:',
    ])
      expect(stdout).toContain(`${label}\n`)
  })
})

describe('the CLI in any other terminal', () => {
  it('speaks English with LANG=C', async () => {
    expect((await gatedesk(ENGLISH, ['--help'])).stdout).toMatch(
      /^Usage: gatedesk <command> \[options\]\n\nCommands:\n/,
    )
    expect((await gatedesk(ENGLISH, ['sign', '--url', 'https://h/p'])).stderr).toBe(
      'gatedesk sign: --signature-method is required\nRun "gatedesk sign --help" for the options.\n',
    )
    expect((await gatedesk(ENGLISH, noOrderId)).stdout).toMatch(
      /^not-sent: Nothing was sent: one field breaks the gateway's rules\. .*\n {2}client-orderid: client-orderid is required: /,
    )
    expect((await gatedesk(ENGLISH, signArgs)).stdout).toContain('Signature base string:\n')
  })

  it('takes LC_ALL over LANG, as POSIX does', async () => {
    const { stdout } = await gatedesk({ ...RUSSIAN, LC_ALL: 'C' }, ['--help'])
    expect(stdout).toMatch(/^Usage: gatedesk <command>/)
  })
})
