import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { explainedDetail, type Explained } from '../../../../preload/contract/platform/explained'
import { uncertainSendRefusal } from '../../../../main/recurring/resend-guard'
import { openDatabase } from '../../../../main/platform/db/database'
import { createHistoryRepository } from '../../../../main/history/history-repository'
import {
  cancelled,
  connectionFailure,
  connectTimedOut,
  deadlinePassed,
  fileFailure,
  noResponse,
  notHttpsUrl,
  responseStalled,
  responseTooLarge,
  responseTruncated,
  unparsableUrl,
} from '../../../../main/platform/gateway/transport-error'
import { decodeUpdateResponse } from '../../../../main/platform/gateway/update-response'
import { environmentInputSchema } from '../../../../preload/contract/environments/environment'
import { validateRecurringUpdate } from '../../../../preload/contract/recurring/recurring-validation'
import type { RecurringUpdateIssue } from '../../../../preload/contract/recurring/recurring-issue'
import { createAppI18n } from '../../../../renderer/src/platform/i18n/create'
import { explainWith, type Wording } from '../../../../preload/contract/locales/explain'
import { en } from '../../../../preload/contract/locales/en'
import { sandboxMessages } from '../../../fixtures/sandbox-messages'
import { bulkMessages } from '../../../fixtures/bulk-messages'
import { reportMessages } from '../../../fixtures/report-messages'

const wording = (locale: 'en' | 'ru') => createAppI18n(locale).global as unknown as Wording

const base = { 'client-orderid': 'order-1', 'recurring-payment-id': 'rp-1' }
const card = { 'credit-card-number': '4111111111111111' }

/** Requests that between them break every rule the contract words with a code. */
const broken: [Record<string, string>, ('DST' | undefined)?][] = [
  [{}],
  [{ ...base, amount: '0' }],
  [{ ...base, amount: '10.00', birthday: '31.02.1990', currency: 'E1R' }],
  [
    {
      ...base,
      amount: '10.00',
      'notify-url': 'https://a.example',
      notify_url: 'https://b.example',
    },
  ],
  [{ ...base, amount: '10.00', 'no-such-parameter': 'x', country: 'USA' }],
  [{ ...base, amount: '10.00', order_desc: 'x'.repeat(70_000) }],
  [{ ...base, amount: '10.00', ...card, 'expire-year': '2020', 'expire-month': '1' }],
  [{ ...base, amount: '10.00', ...card }],
  [{ ...base, amount: '10.00', cvv2: '123' }],
  [{ ...base, 'amount-from': '20.00' }],
  [{ ...base, 'amount-from': '20.00', 'amount-to': '10.00', 'amount-sequence': '1.00,2.00' }],
  [
    {
      ...base,
      amount: '10.00',
      period: 'week',
      'start-date': '02.01.2027',
      'finish-date': '01.01.2027',
    },
  ],
  [{ ...base, amount: '10.00', phone: '+1 212 555 0100' }, 'DST'],
  [{ ...base, amount: '10.00', country: 'US' }],
  [
    {
      ...base,
      amount: '10.00',
      notify_url: 'https://a.example',
      server_callback_url: 'https://b.example',
    },
  ],
  [
    {
      ...base,
      amount: '10.00',
      ...card,
      'card-printed-name': 'A B',
      'expire-year': '2030',
      'expire-month': '13',
    },
  ],
]

// Each combination of amount rules is worded on its own.
for (const extra of <Record<string, string>[]>[
  { 'amount-from': '1.00', 'amount-to': '2.00' },
  { 'amount-sequence': '1.00,2.00' },
  { 'amount-from': '1.00', 'amount-to': '2.00', 'amount-sequence': '1.00,2.00' },
]) {
  broken.push([{ ...base, amount: '10.00', ...extra }])
}

const issues: RecurringUpdateIssue[] = broken.flatMap(([params, type]) =>
  validateRecurringUpdate(params, type, { year: 2026, month: 11, day: 23 }),
)

/** Every code the English locale words under main.recurring, e.g. "recurring.required.client-orderid". */
function codes(tree: object, prefix: string): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}.${key}`] : codes(value, `${prefix}.${key}`),
  )
}

describe("main's messages in the window's language", () => {
  it('cover every recurring rule: each issue carries a code, and the test meets every code', () => {
    expect(issues.filter((issue) => !issue.messageCode)).toEqual([])
    const met = new Set(issues.map((issue) => issue.messageCode))
    expect(codes(en.main.recurring, 'recurring').filter((code) => !met.has(code))).toEqual([])
  })

  it('read in English exactly as main words them', () => {
    const english = wording('en')
    for (const issue of issues) expect(explainWith(english, issue)).toBe(issue.message)
  })

  it('read in Russian with every value filled in', () => {
    const russian = wording('ru')
    for (const issue of issues) {
      const text = explainWith(russian, issue)
      expect(text, issue.message).not.toBe(issue.message)
      expect(text, issue.message).not.toMatch(/[{}]|[a-z]{4,} (is|are|the|must) /)
      for (const value of Object.values(issue.params ?? {})) expect(text).toContain(String(value))
    }
    const tooLong = issues.find((issue) => issue.messageCode === 'recurring.too-long-expects')!
    expect(explainWith(russian, tooLong)).toBe(
      'country слишком длинный (длина 3, максимум 2). Ожидается: двухбуквенный код страны ISO 3166, например US',
    )
  })

  it('word the environment rules in English as the contract does, and in Russian', () => {
    const parsed = environmentInputSchema.safeParse({
      name: ' Live ',
      kind: 'integration',
      baseUrl: 'https://user@gate.example.com/?x=1',
      endpointId: 'line\nbreak',
      merchantLogin: 'shop',
      updateRecurringPath: '/gw/api/v4/update-recurring-payment',
      reportPath: 'no-slash',
      extraCaPem: 'not a certificate',
    })
    const custom = parsed.error!.issues.filter((issue) => issue.code === 'custom')
    const explained = custom.map((issue) => {
      const { messageCode, ...params } = issue.params as Record<string, string>
      return { message: issue.message, messageCode, params }
    })
    expect(new Set(explained.map((issue) => issue.messageCode))).toEqual(
      new Set(codes(en.main.environment, 'environment').filter((code) => !code.endsWith('https'))),
    )
    for (const issue of explained) {
      expect(explainWith(wording('en'), issue)).toBe(issue.message)
      expect(explainWith(wording('ru'), issue)).not.toBe(issue.message)
    }
    expect(
      explainWith(
        wording('ru'),
        explained.find((i) => i.messageCode?.endsWith('endpoint-id'))!,
      ),
    ).toBe(
      'Путь должен содержать {endpoint_id} — место для Endpoint ID, например /gw/api/v4/update-recurring-payment/{endpoint_id}',
    )
  })

  it('word the outcome of an update in English as main does, and in Russian', () => {
    const answers: [number, string][] = [
      [500, 'internal server error [a1b2c3d4-0000-4000-8000-000000000001]'],
      [500, ''],
      [200, ''],
      [200, 'type=update-recurring-payment-response&status=approved&serial-number=SN-7\n'],
      [200, 'type=update-recurring-payment-response&status=approved\n'],
      [200, 'type=validation-error&error-message=Bad+amount&error-code=2\n'],
      [200, 'type=error&error-message=Down\n'],
      [200, 'type=update-recurring-payment-response&status=declined&error-message=Limit\n'],
      [200, 'type=other&status=odd\n'],
      [200, '<html>502</html>'],
      [200, 'a=%ZZ'],
      [200, 'type=update-recurring-payment-response\n&status=approved'],
    ]
    const results = answers.map(([status, body]) => decodeUpdateResponse(status, Buffer.from(body)))
    const codesMet = new Set(results.map((result) => result.messageCode))
    for (const code of codes(en.main.update, 'update')) {
      if (code.startsWith('update.protocol') || code.startsWith('update.internal')) {
        expect(codesMet, code).toContain(code)
      }
    }
    for (const result of results) {
      expect(explainWith(wording('en'), result)).toBe(result.message)
      const russian = explainWith(wording('ru'), result)
      expect(russian).not.toBe(result.message)
      expect(russian).not.toMatch(/[{}]/)
    }
    const refused = { message: 'x', messageCode: 'update.broken-rules', params: { n: 5 } }
    expect(explainWith(wording('ru'), refused)).toBe(
      'Ничего не отправлено: 5 полей нарушают правила шлюза. Исправьте их и отправьте снова.',
    )
  })

  it("word history's cut-off requests and the re-send rule's refusal, outcome names included", () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatedesk-messages-'))
    const db = openDatabase(join(dir, 'gatedesk.sqlite'))
    try {
      const history = createHistoryRepository(db)
      const id = history.recordSending({
        environment: { id: 'e-1', name: 'Sandbox' },
        operation: 'update-recurring-payment',
        parameters: [['recurring-payment-id', 'RP-1']],
      })
      history.markInterrupted()
      const cutOff = history.get(id) as Explained
      const held = uncertainSendRefusal({
        historyId: id,
        sentAt: '2026-11-23T10:00:00.000Z',
        outcome: 'internal-failure',
        profileId: 'RP-1',
      })
      for (const message of [cutOff, held]) {
        expect(message.messageCode).toBeDefined()
        expect(explainWith(wording('en'), message)).toBe(message.message)
        expect(explainWith(wording('ru'), message)).not.toMatch(/[{}]|GateDesk closed|Nothing/)
      }
      expect(explainWith(wording('ru'), held)).toContain('(внутренний сбой)')
    } finally {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('word network and TLS failures, also inside the outcome of an update', () => {
    const url = new URL('https://gate.example.com:8443/x')
    const coded = (code: string) => Object.assign(new Error(`boom ${code}`), { code })
    const failures = [
      unparsableUrl('gate example', null),
      notHttpsUrl(new URL('http://gate.example.com')),
      cancelled(url, false),
      connectTimedOut(url, 10_000),
      noResponse(url, 20_000),
      responseStalled(url, 30_000, 12),
      responseTruncated(url, 10, null, null),
      responseTruncated(url, 10, 20, null),
      responseTooLarge(url, 1024 * 1024),
      deadlinePassed(url, 60_000, 5, true),
      fileFailure('/tmp/x', coded('EEXIST'), true),
      fileFailure('/tmp/x', coded('ENOSPC'), true),
      ...[
        'SELF_SIGNED_CERT_IN_CHAIN',
        'CERT_HAS_EXPIRED',
        'CERT_NOT_YET_VALID',
        'ERR_TLS_CERT_ALTNAME_INVALID',
        'CERT_REVOKED',
        'EPROTO',
        'ECONNREFUSED',
        'ENOTFOUND',
        'EHOSTUNREACH',
        'EWHATEVER',
      ].map((code) => connectionFailure(coded(code), url, false)),
      connectionFailure(coded('ECONNRESET'), url, true),
      connectionFailure(coded('ECONNRESET'), url, false),
      connectionFailure(new Error('odd'), url, false),
    ]
    const met = new Set<string>(failures.map((failure) => failure.messageCode))
    expect(codes(en.main.transport, 'transport').filter((code) => !met.has(code))).toEqual([])
    for (const failure of failures) {
      const explained = {
        message: failure.message,
        messageCode: failure.messageCode,
        params: failure.params,
      }
      expect(explainWith(wording('en'), explained)).toBe(failure.message)
      expect(explainWith(wording('ru'), explained)).not.toBe(failure.message)
    }
    // Limits are worded in the window's language too, not quoted in main's English.
    const russian = (failure: (typeof failures)[number]) =>
      explainWith(wording('ru'), {
        message: failure.message,
        messageCode: failure.messageCode,
        params: failure.params,
      })
    expect(russian(noResponse(url, 20_000))).toBe('gate.example.com:8443 не ответил за 20 с.')
    expect(russian(responseTooLarge(url, 1024 * 1024))).toContain('больше 1 МиБ —')
    const wrapped = {
      message: `Nothing reached the gateway: ${failures[6]!.message}`,
      messageCode: 'update.nothing-reached',
      params: explainedDetail(connectionFailure(coded('ECONNREFUSED'), url, false)),
    }
    expect(explainWith(wording('ru'), wrapped)).toBe(
      'Запрос не дошёл до шлюза: gate.example.com:8443 отклонил соединение (ECONNREFUSED). Проверьте URL и порт в окружении и что шлюз работает.',
    )
  })

  it("word bulk updates' row problems, file and job errors in English as main does, and in Russian", async () => {
    const messages = await bulkMessages()
    expect(messages.filter((message) => !message.messageCode)).toEqual([])
    const met = new Set(messages.map((message) => message.messageCode))
    expect(codes(en.main.bulk, 'bulk').filter((code) => !met.has(code))).toEqual([])
    for (const message of messages) {
      expect(explainWith(wording('en'), message)).toBe(message.message)
      const russian = explainWith(wording('ru'), message)
      expect(russian, message.message).not.toBe(message.message)
      expect(russian, message.message).not.toMatch(/[{}]/)
      // Sizes are worded by the window (checked below); every other value is quoted as it is.
      for (const [name, value] of Object.entries(message.params ?? {}))
        if (!name.endsWith('Bytes')) expect(russian).toContain(String(value))
    }
    const tooLarge = messages.find((message) => message.messageCode === 'bulk.file.too-large')
    expect(explainWith(wording('ru'), tooLarge!)).toBe(
      'Размер «huge.csv» — 70,1 МБ, а файл массового обновления может быть не больше 64 МиБ. Разделите его на файлы поменьше.',
    )
    // A folder, a pipe and a device are refused before a byte is read: the pipe is not waited on.
    const notRegular = messages.filter((message) => message.messageCode === 'bulk.file.not-regular')
    expect(notRegular.map((message) => message.params?.file)).toEqual([
      'folder.csv',
      'pipe.csv',
      'zero',
    ])
    const badType = messages.find((message) => message.messageCode === 'bulk.row.bad-profile-type')
    expect(explainWith(wording('ru'), badType!)).toBe(
      'profile-type «SCR» — не SRC, DST и не native: укажите один из них или оставьте ячейку пустой',
    )
  })

  it("word the built-in sandbox's reasons and failures in English as main does, and in Russian", async () => {
    const messages = await sandboxMessages()
    // A failure to start words its inner reason by that reason's own code.
    const met = new Set(
      messages.flatMap((m) => [m.messageCode, m.params?.['detailCode'], m.params?.['reasonCode']]),
    )
    expect(codes(en.main.sandbox, 'sandbox').filter((code) => !met.has(code))).toEqual([])
    // How its process ended is worded in the window's language too.
    expect(codes(en.main.process, 'process').filter((code) => !met.has(code))).toEqual([])
    for (const message of messages) {
      expect(explainWith(wording('en'), message)).toBe(message.message)
      const russian = explainWith(wording('ru'), message)
      expect(russian, message.message).not.toBe(message.message)
      expect(russian, message.message).not.toMatch(/[{}]/)
    }
    const [silent, ended, refused] = messages.filter((m) =>
      m.messageCode?.endsWith('could-not-start'),
    )
    expect(explainWith(wording('ru'), silent!)).toBe(
      'Не удалось запустить встроенную песочницу: она не начала принимать запросы за 10 мс.',
    )
    expect(explainWith(wording('ru'), ended!)).toBe(
      'Не удалось запустить встроенную песочницу: её процесс завершился (код выхода 1).',
    )
    // A reason from the process itself stays as it was written.
    expect(explainWith(wording('ru'), refused!)).toBe(
      'Не удалось запустить встроенную песочницу: listen EADDRINUSE 127.0.0.1:8443.',
    )
  })

  it('word every outcome of a report run in English as main does, and in Russian', async () => {
    const messages = await reportMessages()
    expect(messages.filter((message) => !message.messageCode)).toEqual([])
    const met = new Set(messages.map((message) => message.messageCode))
    // A report the gateway module said it saved but did not is a bug no answer can cause, as is
    // JSON that JSON.parse refuses and the scanner does not; a file found but not readable needs a
    // user without the right to read it (the tests may run as root). DuckDB reading other rows
    // than each part's extraction counted (checked first) is a bug no file causes.
    const unreachable = [
      'report.not-saved',
      'report.json.not-json',
      'report.file.not-readable',
      'report.query.misread',
    ]
    expect(
      codes(en.main.report, 'report').filter(
        (code) =>
          !met.has(code) && !unreachable.includes(code) && !code.startsWith('report.values'),
      ),
    ).toEqual([])
    for (const message of messages) {
      expect(explainWith(wording('en'), message)).toBe(message.message)
      const russian = explainWith(wording('ru'), message)
      expect(russian, message.message).not.toBe(message.message)
      // No placeholder left unfilled ("{ … }" is what a field of an object looks like).
      expect(russian, message.message).not.toMatch(/\{\w+\}|[a-z]{4,} (is|are|the|was|has) /)
    }
    const russian = (code: string) =>
      explainWith(
        wording('ru'),
        messages.find((message) => message.messageCode === code)!,
      )
    // Sizes and durations in Russian numbers and units.
    expect(russian('report.received')).toBe('Получен отчёт CSV: 1,54 МБ за 1 мин 23 с.')
    expect(russian('report.too-large')).toContain('превышает лимит 1 ГиБ')
    expect(russian('report.deadline')).toContain('(30 мин)')
    // The CSV engine's reason, and the network's, worded inside the run's message.
    expect(russian('report.unreadable')).toMatch(
      /^Отчёт получен, но GateDesk не может прочитать его как отчёт CSV\. Файл «.+» не похож на отчёт CSV: в нём двоичные данные\./,
    )
    expect(russian('report.download-failed')).toBe(
      'Не удалось загрузить отчёт: gate.example.com отклонил соединение (ECONNREFUSED). Проверьте URL и порт в окружении и что шлюз работает.',
    )
    expect(russian('report.csv.too-many-columns')).toContain('601 столбец')
    // What a request's field wants and holds, in Russian words.
    expect(russian('report.request.wrong-kind')).toBe('Ожидается список [ … ], а не текст')
    expect(russian('report.request.missing')).toBe('Не заполнено: укажите здесь текст')
    expect(russian('report.request.text-or-number')).toBe(
      'Ожидается текст или целое число, а не true',
    )
    expect(russian('report.request.too-long')).toBe('Слишком длинно: не более 256 символов')
    // A template's name, a template file and a report file refused, each in Russian words.
    expect(russian('report.template.name-missing')).toBe('Укажите название шаблона')
    expect(russian('report.template.name-too-long')).toBe(
      'Название должно быть не длиннее 120 символов',
    )
    expect(russian('report.template.name-taken')).toBe(
      'Шаблон «weekly» уже есть: выберите другое название.',
    )
    expect(russian('report.template.file-too-large')).toBe(
      'Размер файла big.json — 5,24 МБ, а шаблон отчёта — это небольшой файл JSON (не более 4 МиБ).',
    )
    expect(russian('report.template.file-not-regular')).toBe(
      'pipe.json — не обычный файл (а папка, канал, устройство или сокет): шаблон отчёта — это файл JSON.',
    )
    expect(russian('report.template.file-not-json')).toBe(
      "Файл broken.json — не JSON: Запятая перед '}': удалите её (строка 1, столбец 20)",
    )
    expect(russian('report.json.expected-value')).toBe(
      'Ожидалось значение (текст в двойных кавычках, число, true, false, null, [ или {), найдено: конец текста (строка 1, столбец 1)',
    )
    expect(russian('report.csv.file-missing')).toBe(
      'Файла «gone.csv» больше нет на прежнем месте: его переместили или удалили. Откройте его снова оттуда, где он сейчас.',
    )
    expect(russian('report.csv.index-stopped')).toBe(
      'GateDesk не удалось проиндексировать файл «any.csv»: поток индексации завершился (код выхода 3).',
    )
    expect(russian('report.file.folder')).toBe(
      '«reports.csv» — это папка: GateDesk открывает только файлы отчётов CSV и PDF.',
    )
    // The query process's refusals, carried to main with their codes, in Russian words.
    expect(russian('report.query.bound-date')).toBe(
      'Фильтр по столбцу «Day» ожидает дату вида 15.03.2024: «yesterday» не подходит.',
    )
    expect(russian('report.query.no-column')).toBe('В отчёте 3 столбца: столбца 10 в нём нет.')
    // How the query process ended, in Russian words; a failure to start stays as the system says it.
    const stopped = messages.filter(
      (message) => message.messageCode === 'report.query.process-stopped',
    )
    expect(stopped.map((message) => explainWith(wording('ru'), message))).toEqual([
      expect.stringContaining('(spawn EAGAIN)'),
      expect.stringContaining('(код выхода 3)'),
      expect.stringContaining('(остановлен сигналом SIGKILL)'),
    ])
  })

  it("words the IPC envelope's own failures, and keeps main's English for codes it does not know", () => {
    const russian = wording('ru')
    expect(
      explainWith(russian, {
        message: '"reports:run" failed inside GateDesk.',
        messageCode: 'ipc.failed-inside',
        params: { channel: 'reports:run' },
      }),
    ).toBe('Внутренняя ошибка GateDesk при выполнении «reports:run».')
    const unknown = { message: 'The keychain is locked.', messageCode: 'keychain.locked-someday' }
    expect(explainWith(russian, unknown)).toBe('The keychain is locked.')
    expect(explainWith(russian, { message: 'No code at all.' })).toBe('No code at all.')
  })
})
