import { describe, expect, it } from 'vitest'
import { terminalLanguage } from '../../../main/cli/cli-language'

describe("the CLI's language", () => {
  it.each([
    [{}, 'en'],
    [{ LANG: 'ru_RU.UTF-8' }, 'ru'],
    [{ LANG: 'ru' }, 'ru'],
    [{ LANG: 'ru-RU' }, 'ru'],
    [{ LANG: 'RU_ru' }, 'ru'],
    [{ LANG: 'C.UTF-8' }, 'en'],
    [{ LANG: 'POSIX' }, 'en'],
    [{ LANG: 'rus' }, 'en'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
  ] as const)('is Russian only for a Russian locale: %j → %s', (env, language) => {
    expect(terminalLanguage(env)).toBe(language)
  })

  it.each([
    [{ LANG: 'ru_RU.UTF-8', LC_ALL: 'C' }, 'en'],
    [{ LANG: 'en_US.UTF-8', LC_ALL: 'ru_RU.UTF-8' }, 'ru'],
    [{ LANG: 'en_US.UTF-8', LC_MESSAGES: 'ru_RU.UTF-8' }, 'ru'],
    [{ LC_MESSAGES: 'en_US.UTF-8', LANG: 'ru_RU.UTF-8' }, 'en'],
    [{ LC_ALL: '', LC_MESSAGES: 'ru_RU', LANG: 'en_GB' }, 'ru'],
  ] as const)(
    'reads LC_ALL, then LC_MESSAGES, then LANG, as POSIX does: %j → %s',
    (env, language) => {
      expect(terminalLanguage(env)).toBe(language)
    },
  )
})
