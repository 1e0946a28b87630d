import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../../main/platform/db/database'
import { i18n } from '../../../renderer/src/platform/i18n'
import {
  EXAMPLE_TEMPLATE_NAME,
  templateTitle,
} from '../../../renderer/src/features/reports/designer/example-template'

// The window's i18n reads the saved language at import: none saved, an English-speaking OS.
vi.hoisted(() => {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined })
  vi.stubGlobal('navigator', { languages: ['en-US'] })
})
const dir = mkdtempSync(join(tmpdir(), 'gatedesk-example-'))
const db = openDatabase(join(dir, 'gatedesk.sqlite'))
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})
afterEach(() => {
  i18n.global.locale.value = 'en'
})

describe("a new database's example template", () => {
  it('is seeded with the name the window translates while it is untouched', () => {
    const seeded = db.prepare('SELECT name FROM report_templates').all() as { name: string }[]
    expect(seeded).toEqual([{ name: EXAMPLE_TEMPLATE_NAME }])
    expect(templateTitle(EXAMPLE_TEMPLATE_NAME)).toBe('Transactions — last 30 days')
    i18n.global.locale.value = 'ru'
    expect(templateTitle(EXAMPLE_TEMPLATE_NAME)).toBe('Транзакции за последние 30 дней')
  })

  it('shows a name the user gave it as typed, in every language', () => {
    i18n.global.locale.value = 'ru'
    expect(templateTitle('Transactions — last 30 days (EUR)')).toBe(
      'Transactions — last 30 days (EUR)',
    )
    expect(templateTitle('Мои транзакции')).toBe('Мои транзакции')
  })
})
