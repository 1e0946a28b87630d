import { afterEach, describe, expect, it, vi } from 'vitest'
import { REQUEST_OUTCOMES } from '../../../preload/contract/platform/request-outcomes'
import type { RequestOutcome } from '../../../preload/contract/platform/request-outcomes'
import { en } from '../../../preload/contract/locales/en'
import { ru } from '../../../preload/contract/locales/ru'
import { i18n, explainMain } from '../../../renderer/src/platform/i18n'
import { outcomeLabel } from '../../../renderer/src/platform/format/outcome-words'

// The window's i18n reads the saved language at import: none saved, an English-speaking OS.
vi.hoisted(() => {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined })
  vi.stubGlobal('navigator', { languages: ['en-US'] })
})
afterEach(() => {
  i18n.global.locale.value = 'en'
})

const outcomes = Object.keys(REQUEST_OUTCOMES) as RequestOutcome[]

describe('request outcomes as staff read them', () => {
  it('are words on the screens, not codes: "internal failure", not internal-failure', () => {
    expect(outcomes.map(outcomeLabel).filter((label) => label.includes('-'))).toEqual([])
    expect(
      ['sending', 'internal-failure', 'unknown', 'protocol-error'].map((o) =>
        outcomeLabel(o as RequestOutcome),
      ),
    ).toEqual(['sending', 'internal failure', 'unknown', 'protocol error'])
    expect(outcomeLabel('not-authorised')).toBe('not authorised')
    i18n.global.locale.value = 'ru'
    expect(outcomeLabel('not-authorised')).toBe('нет доступа')
  })

  it('name the earlier outcome in words in a message from main', () => {
    const uncertain = {
      message: 'Nothing was sent…',
      messageCode: 'update.uncertain-earlier',
      params: { profile: '100001', history: 7, outcome: 'internal-failure' },
    } as const
    expect(explainMain(uncertain)).toContain('has an uncertain outcome (internal failure)')
    i18n.global.locale.value = 'ru'
    expect(explainMain(uncertain)).toContain('(внутренний сбой)')
  })

  it('keep their codes at the head of a CLI line in English, where scripts read them', () => {
    expect(en.common.outcomes['internal-failure']).toBe('internal-failure')
    expect(ru.common.outcomeLabels).toEqual(ru.common.outcomes)
  })
})
