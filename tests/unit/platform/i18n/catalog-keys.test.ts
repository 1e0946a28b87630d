import { describe, expect, it } from 'vitest'
import { en } from '../../../../preload/contract/locales/en'
import { ru } from '../../../../preload/contract/locales/ru'

/** Every text of a catalog by its dotted key. */
const flat = (tree: object, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([key, value]): [string, string][] =>
      typeof value === 'string' ? [[prefix + key, value]] : [...flat(value, `${prefix}${key}.`)],
    ),
  )

/** Named placeholders ({name}); literals ({'@'}) and list ones ({0}) are not names. */
const names = (text: string) =>
  [...new Set([...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((match) => match[1]!))].sort()

/**
 * Russian leaves out a value English names, each on purpose: the form shows the message next to
 * the field it names, whose English label the Russian sentence does not quote.
 */
const DROPPED_IN_RUSSIAN: Record<string, string[]> = {
  'environments.rules.tooLong': ['field'],
  'main.environment.untrimmed': ['field'],
  'main.environment.multiline': ['field'],
  'main.environment.path-format': ['field'],
}

describe('the message catalog', () => {
  const english = flat(en)
  const russian = flat(ru)

  it('has every key in both languages', () => {
    expect([...russian.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('gives both languages of a key the same placeholders', () => {
    const differing = [...english].flatMap(([key, text]) => {
      const expected = names(text).filter((name) => !DROPPED_IN_RUSSIAN[key]?.includes(name))
      const found = names(russian.get(key) ?? '')
      return expected.join() === found.join() ? [] : [{ key, english: names(text), russian: found }]
    })
    expect(differing).toEqual([])
  })

  it("has plural forms only in texts with a value: a stray | in prose would split it ({'|'} is literal)", () => {
    const stray = [...english, ...russian].filter(
      ([, text]) => text.replace(/\{'[^']*'\}/g, '').includes('|') && names(text).length === 0,
    )
    expect(stray.map(([key]) => key)).toEqual([])
  })
})
