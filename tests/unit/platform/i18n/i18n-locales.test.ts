import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { baseCompile } from '@intlify/message-compiler'
import { createI18n } from 'vue-i18n'
import { describe, expect, it } from 'vitest'
import { en } from '../../../../preload/contract/locales/en'
import { ru } from '../../../../preload/contract/locales/ru'
import { localeFromLanguages } from '../../../../renderer/src/platform/i18n/locales'
import { russianPlural } from '../../../../preload/contract/locales/plural-rules'

type Tree = { [key: string]: string | Tree }

/** Every message of a locale by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text)
  }
  return out
}

const english = flatten(en as Tree)
const russian = flatten(ru as Tree)
const forms = (message: string) => message.split(' | ').length

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path)
    return /\.(vue|ts)$/.test(entry.name) ? [path] : []
  })
}

/**
 * The keys the renderer names: every quoted text that starts with a locale namespace
 * ('history.fields.sent', `shell.sections.${id}.title`), in calls, tables and keypath="…" (or
 * a prop that passes one on: intro-keypath="…"; a bound :keypath="…" names no key itself).
 */
function usedKeys(): { file: string; key: string }[] {
  const namespaces = Object.keys(en).join('|')
  // Script strings are quoted '…' or `…`; "…" in a template is code, except keypath="…".
  const quoted = new RegExp(`(['\`])((?:${namespaces})\\.[\\w.\${}-]+)\\1`, 'g')
  const keypath = /(?<![:\w-])[\w-]*keypath="([\w.]+)"/g
  return sourceFiles('renderer/src').flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    return [
      ...[...text.matchAll(quoted)].map((match) => ({ file, key: match[2]! })),
      ...[...text.matchAll(keypath)].map((match) => ({ file, key: match[1]! })),
    ]
  })
}

describe('the locale files', () => {
  it('give Russian exactly the English keys, none of them empty', () => {
    expect([...russian.keys()].sort()).toEqual([...english.keys()].sort())
    const empty = [...english, ...russian].filter(([, text]) => text.trim() === '')
    expect(empty.map(([key]) => key)).toEqual([])
  })

  it('give every English plural its three Russian forms (one, few, many)', () => {
    const wrong = [...english]
      .filter(([key, text]) => forms(text) > 1 && forms(russian.get(key) ?? '') !== forms(text) + 1)
      .map(([key]) => key)
    expect(wrong).toEqual([])
  })

  it('hold only messages vue-i18n can compile (a stray @, { or | is a syntax error)', () => {
    const broken: string[] = []
    for (const [locale, messages] of [
      ['en', english],
      ['ru', russian],
    ] as const) {
      for (const [key, text] of messages) {
        baseCompile(text, { onError: (error) => broken.push(`${locale} ${key}: ${error.message}`) })
      }
    }
    expect(broken).toEqual([])
  })

  it('have every key the renderer uses', () => {
    const used = usedKeys()
    expect(used.length).toBeGreaterThan(10)
    const missing = used.filter(({ key }) => {
      if (!key.includes('${')) return !english.has(key)
      // A key built at run time must match at least one message: `shell.sections.${id}.title`.
      const pattern = new RegExp(`^${key.replace(/\./g, '\\.').replace(/\$\{[^}]*\}/g, '.+')}$`)
      return ![...english.keys()].some((known) => pattern.test(known))
    })
    expect(missing.map(({ file, key }) => `${file}: ${key}`)).toEqual([])
  })
})

describe("the window's language from the OS", () => {
  it.each([
    [['ru-RU', 'en-US'], 'ru'],
    [['de-DE', 'ru'], 'ru'],
    [['en-GB', 'ru-RU'], 'en'],
    [['de-DE', 'fr'], 'en'],
    [[], 'en'],
  ])('%j → %s', (languages, expected) => {
    expect(localeFromLanguages(languages)).toBe(expected)
  })
})

describe('Russian plurals', () => {
  const i18n = createI18n({
    legacy: false,
    locale: 'ru',
    messages: {
      ru: {
        reports: '{n} отчёт | {n} отчёта | {n} отчётов',
        withZero: 'нет отчётов | {n} отчёт | {n} отчёта | {n} отчётов',
      },
    },
    pluralRules: { ru: russianPlural },
  })
  const t = i18n.global.t

  it.each([
    [1, '1 отчёт'],
    [2, '2 отчёта'],
    [4, '4 отчёта'],
    [5, '5 отчётов'],
    [11, '11 отчётов'],
    [12, '12 отчётов'],
    [21, '21 отчёт'],
    [22, '22 отчёта'],
    [25, '25 отчётов'],
    [111, '111 отчётов'],
    [0, '0 отчётов'],
  ])('%i → %s', (n, expected) => {
    expect(t('reports', n)).toBe(expected)
  })

  it('uses a leading zero form when the message has four', () => {
    expect(t('withZero', 0)).toBe('нет отчётов')
    expect(t('withZero', 3)).toBe('3 отчёта')
    expect(t('withZero', 5)).toBe('5 отчётов')
  })
})
