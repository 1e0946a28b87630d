import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { describeStartupFailure, startupLanguage } from '../../../main/app/startup-failure'
import { databaseFile } from '../../../main/platform/db/data-dir'
import { openDatabase } from '../../../main/platform/db/database'

const dir = mkdtempSync(join(tmpdir(), 'gatedesk-startup-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const thrown = (action: () => unknown): unknown => {
  try {
    action()
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}

// Before the window exists nobody has chosen a language: the system's decides (app.getLocale()).
describe('a start-up failure', () => {
  it("is said in the system's language: Russian for Russian, else English", () => {
    expect(['ru', 'ru-RU', 'RU_ru'].map(startupLanguage)).toEqual(['ru', 'ru', 'ru'])
    expect(['en-US', 'de', 'rue', ''].map(startupLanguage)).toEqual(['en', 'en', 'en', 'en'])
  })

  it("words the database's refusal from the catalog in either language", () => {
    const file = join(dir, 'garbage.sqlite')
    writeFileSync(file, Buffer.alloc(16_384, 0x5a))
    const refusal = thrown(() => openDatabase(file)) as Error
    expect(describeStartupFailure(refusal, 'en')).toEqual({
      title: 'GateDesk cannot start',
      text: refusal.message,
    })
    expect(describeStartupFailure(refusal, 'ru')).toEqual({
      title: 'GateDesk не может запуститься',
      text: `База данных ${file} повреждена или это не база данных (file is not a database). GateDesk её не изменял. Восстановите её из резервной копии или перенесите в другое место (сохраните для поддержки) и перезапустите GateDesk, чтобы начать с пустой базой.`,
    })
    expect(
      describeStartupFailure(
        thrown(() => databaseFile(undefined, {})),
        'ru',
      ).text,
    ).toBe(
      'GateDesk не знает, где его база данных: укажите в GATEDESK_DATA_DIR папку, в которой лежит (или должен лежать) файл gatedesk.sqlite.',
    )
  })

  it('gives a native-module mismatch its remedy, and any other failure its own words', () => {
    const mismatch = new Error(
      'The module was compiled against a different Node.js version using NODE_MODULE_VERSION 127.',
    )
    expect(describeStartupFailure(mismatch, 'en').text).toMatch(
      /^GateDesk's native modules \(keytar, better-sqlite3\) were built for another runtime/,
    )
    expect(describeStartupFailure(mismatch, 'ru').text).toMatch(/^Встроенные модули GateDesk/)
    expect(describeStartupFailure(new Error('EMFILE: too many open files'), 'ru')).toEqual({
      title: 'GateDesk не может запуститься',
      text: 'EMFILE: too many open files',
    })
    expect(describeStartupFailure('odd', 'en').text).toBe('odd')
  })
})
