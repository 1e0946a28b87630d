import { describe, expect, it } from 'vitest'
import { en } from '../../../../preload/contract/locales/en'
import {
  explainWith,
  type MessageCode,
  type Wording,
} from '../../../../preload/contract/locales/explain'
import type { MessageParams } from '../../../../preload/contract/platform/explained'
import { catalogWording } from '../../../../main/platform/i18n/catalog-wording'
import { coded, english, explainedError } from '../../../../main/platform/i18n/english'
import { createAppI18n } from '../../../../renderer/src/platform/i18n/create'

const flat = (tree: object, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : flat(value, `${prefix}${key}.`),
  )
const placeholders = (text: string) => [...text.matchAll(/\{\s*(\w+)\s*\}/g)].map((m) => m[1]!)

/** Messages as main worded them by hand before the catalog did it, sizes, durations and plurals included. */
const MAIN_ENGLISH: [MessageCode, MessageParams, string][] = [
  [
    'transport.no-response',
    { host: 'gate.example.com:8443', limitMs: 20_000 },
    'gate.example.com:8443 did not answer within 20 s.',
  ],
  [
    'transport.connect-timeout',
    { host: 'gate.example.com:8443', limitMs: 1500 },
    'Could not connect securely to gate.example.com:8443 within 1.5 s. Check the URL and port in the environment, and that the gateway can be reached from this network.',
  ],
  [
    'transport.too-large',
    { host: 'gate.example.com:8443', limitBytes: 1024 * 1024 },
    "The response from gate.example.com:8443 is larger than 1 MiB, far more than a gateway reply. Check that the environment's URL points at the gateway's API.",
  ],
  [
    'transport.deadline',
    { host: 'gate.example.com:8443', limitMs: 60_000, bytes: 5 },
    'gate.example.com:8443 did not finish answering within 1 min, the longest GateDesk waits for one request (5 bytes received).',
  ],
  [
    'update.broken-rules',
    { n: 1 },
    "Nothing was sent: one field breaks the gateway's rules. Correct it and send again.",
  ],
  [
    'update.broken-rules',
    { n: 5 },
    "Nothing was sent: 5 fields break the gateway's rules. Correct them and send again.",
  ],
  [
    'bulk.file.too-large',
    { file: 'huge.csv', sizeBytes: 70_123_456, limitBytes: 64 * 1024 * 1024 },
    '"huge.csv" is 70.1 MB: a bulk update file may hold at most 64 MiB. Split it into smaller files.',
  ],
  [
    'report.received',
    { kind: 'CSV', sizeBytes: 1_536_000, durationMs: 83_000 },
    'Received a CSV report of 1.54 MB in 1 min 23 s.',
  ],
  [
    'report.deadline',
    { limitMs: 1_800_000 },
    'The report took longer than the 30 min limit to download, so it was stopped and nothing was kept. Ask for less, or run it again later.',
  ],
  [
    'report.csv.too-many-columns',
    { file: 'wide.csv', n: 601, max: 512 },
    '"wide.csv" has 601 columns: GateDesk shows reports of at most 512.',
  ],
  [
    'report.query.no-column',
    { n: 3, column: 10 },
    'The report has 3 columns: there is no column 10.',
  ],
  [
    'report.query.process-stopped',
    { reasonCode: 'process.exit-code', exitCode: 3 },
    'The query process stopped unexpectedly (exit code 3); the report is still readable, try the sort again.',
  ],
  [
    'sandbox.could-not-start',
    { detail: '', detailCode: 'sandbox.start.not-listening', limitMs: 10 },
    'The built-in sandbox could not start: it did not start listening within 10 ms.',
  ],
  [
    'report.template.file-too-large',
    { file: 'big.json', sizeBytes: 5_242_880, limitBytes: 4 * 1024 * 1024 },
    'big.json is 5.24 MB: a report template is a small JSON file (at most 4 MiB).',
  ],
  ['report.request.too-long', { n: 256 }, 'Too long: at most 256 characters'],
  ['ipc.failed-inside', { channel: 'reports:run' }, '"reports:run" failed inside GateDesk.'],
  ['report.saved', { kind: 'CSV', n: 1234 }, 'Saved a CSV report of 1234 bytes.'],
]

/** Russian as the window words the same codes, spot checks of plural forms, units and numbers. */
const RUSSIAN: [MessageCode, MessageParams, string][] = [
  [
    'transport.no-response',
    { host: 'gate.example.com:8443', limitMs: 20_000 },
    'gate.example.com:8443 не ответил за 20 с.',
  ],
  [
    'update.broken-rules',
    { n: 5 },
    'Ничего не отправлено: 5 полей нарушают правила шлюза. Исправьте их и отправьте снова.',
  ],
  [
    'bulk.file.too-large',
    { file: 'huge.csv', sizeBytes: 70_123_456, limitBytes: 64 * 1024 * 1024 },
    'Размер «huge.csv» — 70,1 МБ, а файл массового обновления может быть не больше 64 МиБ. Разделите его на файлы поменьше.',
  ],
  [
    'report.received',
    { kind: 'CSV', sizeBytes: 1_536_000, durationMs: 83_000 },
    'Получен отчёт CSV: 1,54 МБ за 1 мин 23 с.',
  ],
  [
    'report.csv.index-stopped',
    { file: 'any.csv', exitCode: 3 },
    'GateDesk не удалось проиндексировать файл «any.csv»: поток индексации завершился (код выхода 3).',
  ],
  ['report.query.no-column', { n: 3, column: 10 }, 'В отчёте 3 столбца: столбца 10 в нём нет.'],
  [
    'sandbox.could-not-start',
    {
      detail: '',
      detailCode: 'sandbox.start.process-ended',
      reasonCode: 'process.exit-code',
      exitCode: 1,
    },
    'Не удалось запустить встроенную песочницу: её процесс завершился (код выхода 1).',
  ],
  [
    'ipc.failed-inside',
    { channel: 'reports:run' },
    'Внутренняя ошибка GateDesk при выполнении «reports:run».',
  ],
  ['report.saved', { kind: 'CSV', n: 1234 }, 'Сохранён отчёт CSV: 1234 байта'],
  [
    'update.nothing-reached',
    {
      detail: '',
      detailCode: 'transport.network.refused',
      host: 'gate.example.com:8443',
      hostname: 'gate.example.com',
      code: 'ECONNREFUSED',
    },
    'Запрос не дошёл до шлюза: gate.example.com:8443 отклонил соединение (ECONNREFUSED). Проверьте URL и порт в окружении и что шлюз работает.',
  ],
  [
    'bulk.row.bad-profile-type',
    { value: 'SCR' },
    'profile-type «SCR» — не SRC, DST и не native: укажите один из них или оставьте ячейку пустой',
  ],
  [
    'report.unreadable',
    { kind: 'CSV', detail: '', detailCode: 'report.csv.binary-file', file: 'Transactions.csv' },
    'Отчёт получен, но GateDesk не может прочитать его как отчёт CSV. Файл «Transactions.csv» не похож на отчёт CSV: в нём двоичные данные. Откройте файл .csv, в котором сохранён отчёт.',
  ],
  [
    'report.download-failed',
    {
      detail: '',
      detailCode: 'transport.network.refused',
      host: 'gate.example.com',
      code: 'ECONNREFUSED',
    },
    'Не удалось загрузить отчёт: gate.example.com отклонил соединение (ECONNREFUSED). Проверьте URL и порт в окружении и что шлюз работает.',
  ],
  [
    'report.too-large',
    { limitBytes: 1024 ** 3 },
    'Отчёт превышает лимит 1 ГиБ, поэтому загрузка остановлена и ничего не сохранено. Запросите меньше данных (короче период, больше фильтров) и запустите снова.',
  ],
  [
    'report.deadline',
    { limitMs: 1_800_000 },
    'Отчёт не загрузился за отведённое время (30 мин), поэтому загрузка остановлена и ничего не сохранено. Запросите меньше данных или запустите отчёт позже.',
  ],
  [
    'report.csv.too-many-columns',
    { file: 'wide.csv', n: 601, max: 512 },
    'В файле «wide.csv» 601 столбец, а GateDesk показывает отчёты не более чем из 512 столбцов.',
  ],
  // What a request's field wants and holds, in Russian words.
  [
    'report.request.wrong-kind',
    { wanted: 'array', found: 'text' },
    'Ожидается список [ … ], а не текст',
  ],
  ['report.request.missing', { wanted: 'string' }, 'Не заполнено: укажите здесь текст'],
  [
    'report.request.text-or-number',
    { found: 'true' },
    'Ожидается текст или целое число, а не true',
  ],
  ['report.request.too-long', { n: 256 }, 'Слишком длинно: не более 256 символов'],
  ['report.template.name-missing', {}, 'Укажите название шаблона'],
  ['report.template.name-too-long', { max: 120 }, 'Название должно быть не длиннее 120 символов'],
  [
    'report.template.name-taken',
    { name: 'weekly' },
    'Шаблон «weekly» уже есть: выберите другое название.',
  ],
  [
    'report.template.file-too-large',
    { file: 'big.json', sizeBytes: 5_242_880, limitBytes: 4 * 1024 * 1024 },
    'Размер файла big.json — 5,24 МБ, а шаблон отчёта — это небольшой файл JSON (не более 4 МиБ).',
  ],
  [
    'report.template.file-not-regular',
    { file: 'pipe.json' },
    'pipe.json — не обычный файл (а папка, канал, устройство или сокет): шаблон отчёта — это файл JSON.',
  ],
  [
    'report.template.file-not-json',
    {
      file: 'broken.json',
      detail: '',
      detailCode: 'report.json.comma-before-brace',
      line: 1,
      column: 20,
    },
    "Файл broken.json — не JSON: Запятая перед '}': удалите её (строка 1, столбец 20)",
  ],
  [
    'report.json.expected-value',
    { found: 'end', line: 1, column: 1 },
    'Ожидалось значение (текст в двойных кавычках, число, true, false, null, [ или {), найдено: конец текста (строка 1, столбец 1)',
  ],
  [
    'report.csv.file-missing',
    { file: 'gone.csv' },
    'Файла «gone.csv» больше нет на прежнем месте: его переместили или удалили. Откройте его снова оттуда, где он сейчас.',
  ],
  [
    'report.file.folder',
    { file: 'reports.csv' },
    '«reports.csv» — это папка: GateDesk открывает только файлы отчётов CSV и PDF.',
  ],
  [
    'report.query.bound-date',
    { column: 'Day', value: 'yesterday' },
    'Фильтр по столбцу «Day» ожидает дату вида 15.03.2024: «yesterday» не подходит.',
  ],
  // How a process ended, in Russian words; a failure to start stays as the system says it.
  [
    'report.query.process-stopped',
    { reason: 'spawn EAGAIN' },
    'Процесс запросов неожиданно завершился (spawn EAGAIN); отчёт по-прежнему можно читать, повторите сортировку.',
  ],
  [
    'report.query.process-stopped',
    { reason: '', reasonCode: 'process.killed', signal: 'SIGKILL' },
    'Процесс запросов неожиданно завершился (остановлен сигналом SIGKILL); отчёт по-прежнему можно читать, повторите сортировку.',
  ],
  [
    'sandbox.could-not-start',
    { detail: '', detailCode: 'sandbox.start.not-listening', limitMs: 10 },
    'Не удалось запустить встроенную песочницу: она не начала принимать запросы за 10 мс.',
  ],
  [
    'sandbox.could-not-start',
    { detail: 'listen EADDRINUSE 127.0.0.1:8443' },
    'Не удалось запустить встроенную песочницу: listen EADDRINUSE 127.0.0.1:8443.',
  ],
]

describe('the catalog worded in main', () => {
  it('words every key as the window does (vue-i18n), in both languages and every plural form', () => {
    for (const language of ['en', 'ru'] as const) {
      const node = catalogWording(language)
      const window = createAppI18n(language).global as unknown as Wording
      for (const [key, text] of flat(en)) {
        const params = Object.fromEntries(placeholders(text).map((name) => [name, `<${name}>`]))
        for (const count of [undefined, 0, 1, 2, 5, 21, 1.5]) {
          const withCount = count === undefined ? params : { ...params, n: count }
          expect(node.t(key, withCount, count), key).toBe(window.t(key, withCount, count))
        }
      }
    }
  })

  it.each(MAIN_ENGLISH)('words %s in English as main did by hand', (code, params, text) => {
    expect(english(code, params)).toBe(text)
  })

  it.each(RUSSIAN)('words %s in Russian', (code, params, text) => {
    expect(explainWith(catalogWording('ru'), { message: '', messageCode: code, params })).toBe(text)
  })

  it("keeps main's English for a code the catalog does not know, or no code at all", () => {
    const russian = catalogWording('ru')
    const unknown = { message: 'The keychain is locked.', messageCode: 'keychain.locked-someday' }
    expect(explainWith(russian, unknown)).toBe('The keychain is locked.')
    expect(explainWith(russian, { message: 'No code at all.' })).toBe('No code at all.')
  })

  it('refuses a key the catalog lacks instead of showing the key', () => {
    expect(() => catalogWording('en').t('main.no-such.code', {})).toThrow(
      /no key main\.no-such\.code/,
    )
  })

  it('makes errors and plain messages that carry their code, params and English', () => {
    const cause = new Error('inner')
    const error = explainedError('ipc.unknown-channel', { channel: 'x:y' }, { cause })
    expect(error).toMatchObject({
      message: '"x:y" is not a GateDesk channel.',
      messageCode: 'ipc.unknown-channel',
      params: { channel: 'x:y' },
      cause,
    })
    const message = coded('ipc.unknown-channel', { channel: 'x:y' })
    // Worded only when read, yet a plain field to spreads, structuredClone and zod.
    expect(Object.keys(message).sort()).toEqual(['message', 'messageCode', 'params'])
    expect(structuredClone(message)).toEqual({
      message: error.message,
      messageCode: 'ipc.unknown-channel',
      params: { channel: 'x:y' },
    })
    expect({ ...message }.message).toBe(error.message)
  })
})
